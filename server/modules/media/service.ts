import { and, count, desc, eq, inArray, isNotNull, isNull, ne, or, sql, sum } from 'drizzle-orm'
import {
  type MediaAcl,
  type MediaItem,
  type MyTrashQuery,
  PAGE_SIZE,
  ROLES,
  type StorageChannelUsage,
  type StoragePage,
  type StorageQuery,
  type StorageSummary,
  THUMB_SUFFIX,
  type TrashedFile,
} from '../../../contract'
import type { AppContext } from '../../context'
import type { Executor, Tx } from '../../db/client'
import { channelMembers, channels, media, type MediaRow, topicMembers, topics, users } from '../../db/schema'
import { badRequest, forbidden, HttpError, notFound } from '../../http/errors'
import type { Job } from '../../jobs/scheduler'
import { createMediaStore } from '../../storage/media-store'
import type { RangeRequest } from '../../storage/byte-range'
import type { ReadUrlOptions } from '../../storage/object-store'
import { discardUploads, imageSize, type ReceivedFile, tooManyPixels } from '../../storage/upload-pipeline'
import { Readable } from 'node:stream'
import { chargeUnderLock, PREVIEW_ACL, type Usage, usageOf } from './quota'
import { createMediaSigner } from './signing'
import { toMediaItem } from './view'

const PUBLIC_TYPES = new Set(['image/jpeg', 'image/png'])
/** A stored file no media row names is collected once it is this old (an upload in progress is younger). */
export const ORPHAN_AGE_MS = 60 * 60_000
/** Keys looked up per query by the orphan sweep. */
const SWEEP_BATCH = 500

/** What the media module asks of topics (the topic module provides it; see server/build.ts). */
export interface MediaDeps {
  /** Throws 404/403 unless the user may write in the topic (a member the group lets post and the 1:1 partner does not refuse). */
  requireTopicWriter: (db: AppContext['db'], topicId: string, userId: string) => Promise<unknown>
  /** Counts a file of the message as deleted for good, in the purge's transaction (the message module provides it). */
  countPurgedFile: (tx: Tx, messageId: string) => Promise<void>
}

/**
 * Uploads (checked by content, within the user's storage quota, images with a thumbnail), signed
 * access for topic members, and the channel storage pages with trash. Several rows may share one
 * stored object (a forward references the file instead of copying it); the bytes are deleted when
 * the last row goes, after its delete is committed.
 */
export function createMediaService(ctx: AppContext, { requireTopicWriter, countPurgedFile }: MediaDeps) {
  const { db } = ctx
  const store = createMediaStore(ctx.storage)
  const signer = createMediaSigner(ctx.config.keys.media, ctx.config.now)
  const quotaOverride = ctx.config.storageQuotaBytes
  const usage = (userId: string, on: Executor = db): Promise<Usage> => usageOf(on, userId, quotaOverride)

  /** The media row and whether the caller may manage it (uploader, or admin of its channel). */
  async function manageable(userId: string, mediaId: string) {
    const [row] = await db
      .select({ file: media, channelRole: channelMembers.role })
      .from(media)
      .leftJoin(topics, eq(topics.id, media.topicId))
      .leftJoin(channelMembers, and(eq(channelMembers.channelId, topics.channelId), eq(channelMembers.userId, userId)))
      .where(eq(media.id, mediaId))
      .limit(1)
    if (!row) throw notFound()
    if (row.file.ownerId !== userId && (row.channelRole ?? 0) < ROLES.admin) throw forbidden()
    return row.file
  }

  /** Deletes the bytes of `key` once no row names it (called after the row's delete is committed). */
  async function releaseKey(key: string): Promise<void> {
    const [still] = await db.select({ id: media.id }).from(media).where(eq(media.key, key)).limit(1)
    if (!still) await store.remove(key)
  }

  /** Refuses what cannot be stored before anything is written: a type not taken, an image declaring too many pixels. */
  async function checked(files: ReceivedFile[], acl: MediaAcl) {
    const typed = files.map((file) => {
      const type = file.type?.kind ? { ...file.type, kind: file.type.kind } : null
      if (!type || (acl === 'public' && !PUBLIC_TYPES.has(type.mime))) throw new HttpError(400, 'fileType', { file: 'fileType' })
      return { ...file, type }
    })
    for (const file of typed) {
      const size = file.type.kind === 'image' ? await imageSize(file.path) : null
      if (size && tooManyPixels(size)) throw new HttpError(400, 'imageTooLarge', { file: 'imageTooLarge' })
    }
    return typed
  }

  /**
   * Checks and stores received files (see `upload`). The files go into place first and their rows
   * are inserted after, in one transaction that charges the quota under the user's lock: a refusal
   * or failure deletes the placed files, and a crash between the two leaves only files without rows,
   * which the orphan sweep collects.
   */
  async function keep(userId: string, files: ReceivedFile[], topicId: string | undefined, acl: MediaAcl): Promise<MediaItem[]> {
    if (acl === 'private') {
      if (!topicId) throw badRequest('invalidInput', 'topic_id')
      await requireTopicWriter(db, topicId, userId)
    }
    const typed = await checked(files, acl)
    // The route read no more than the quota had room for; the charge below is the one that counts.
    const incoming = typed.reduce((n, f) => n + f.size, 0)
    const placed: string[] = []
    try {
      const values: (typeof media.$inferInsert)[] = []
      const at = Date.now()
      for (const [i, file] of typed.entries()) {
        const key = store.newKey(file.type.ext)
        placed.push(key)
        const size = await store.place(key, file, file.type.kind === 'image', userId)
        values.push({
          key,
          ownerId: userId,
          topicId: acl === 'private' ? topicId! : null,
          acl,
          name: file.name.slice(0, 255) || key,
          mime: file.type.mime,
          size: file.size,
          kind: file.type.kind,
          width: size?.width ?? null,
          height: size?.height ?? null,
          hasThumb: size ? 1 : 0,
          // Upload order, also within one transaction (whose now() does not move).
          createdAt: new Date(at + i),
        })
      }
      const rows = await db.transaction(async (tx) => {
        await chargeUnderLock(tx, userId, incoming, quotaOverride)
        return tx.insert(media).values(values).returning()
      })
      return rows.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime()).map((row) => toMediaItem(row, signer, userId))
    } catch (err) {
      await Promise.all(placed.map((key) => store.remove(key)))
      throw err
    }
  }

  return {
    /**
     * Keeps received uploads for the caller. All files are checked before any is kept: one bad
     * file refuses the lot. The received temp files are gone afterwards, kept or not.
     */
    async upload(userId: string, files: ReceivedFile[], topicId: string | undefined, acl: MediaAcl): Promise<MediaItem[]> {
      try {
        return await keep(userId, files, topicId, acl)
      } finally {
        await discardUploads(files)
      }
    },

    /** Throws 404/403 unless the user may upload into the topic (checked before an upload's files are read). */
    mayUploadTo: (userId: string, topicId: string) => requireTopicWriter(db, topicId, userId),

    /** Drops the caller's upload that no message uses yet: its row, then (committed) its bytes. */
    async cancel(userId: string, mediaId: string): Promise<void> {
      // One statement: a send attaching it at the same moment either wins (then it is in use) or finds it gone.
      const [gone] = await db
        .delete(media)
        .where(and(eq(media.id, mediaId), eq(media.ownerId, userId), isNull(media.messageId), ne(media.acl, PREVIEW_ACL)))
        .returning({ key: media.key })
      if (gone) return releaseKey(gone.key)
      const [row] = await db.select({ ownerId: media.ownerId }).from(media).where(eq(media.id, mediaId)).limit(1)
      if (!row) throw notFound()
      if (row.ownerId !== userId) throw forbidden()
      throw badRequest('mediaInUse', 'media_id')
    },

    /** A file of the topic for the reader of a valid media token who still belongs to the topic (403 otherwise). */
    async access(key: string, topicId: string, token: string) {
      const reader = signer.reader(token)
      if (!reader) throw forbidden()
      const baseKey = key.endsWith(THUMB_SUFFIX) ? key.slice(0, -THUMB_SUFFIX.length) : key
      const [row] = await db
        .select({ file: media, member: topicMembers.userId })
        .from(media)
        .leftJoin(topicMembers, and(eq(topicMembers.topicId, media.topicId), eq(topicMembers.userId, reader)))
        .where(and(eq(media.key, baseKey), eq(media.topicId, topicId)))
        // The file forwarded twice into one topic: a row not in the trash serves it.
        .orderBy(sql`${media.trashedAt} is not null`)
        .limit(1)
      if (!row || row.file.trashedAt) throw notFound()
      if (!row.member) throw forbidden()
      const isThumb = baseKey !== key
      return {
        key,
        mime: isThumb ? 'image/jpeg' : row.file.mime,
        name: row.file.name,
        inline: isThumb || row.file.kind === 'image',
      }
    },

    /** A public upload (channel image or banner). */
    async publicFile(key: string) {
      const [row] = await db
        .select()
        .from(media)
        .where(and(eq(media.key, key), eq(media.acl, 'public')))
        .limit(1)
      if (!row) throw notFound()
      return { key, mime: row.mime }
    },

    /** The stored bytes of a file that access or publicFile answered (or the asked range of them); null when they are missing. */
    read: (key: string, range?: RangeRequest) => store.read(key, range),

    /** Where the browser may read such a file itself for `minSeconds` (S3 with S3_PRESIGNED_READS); undefined when it reads through the server. */
    readUrl: (key: string, options: ReadUrlOptions, minSeconds: number) => store.readUrl(key, options, minSeconds),

    async storage(userId: string, query: StorageQuery): Promise<StoragePage> {
      const [member] = await db
        .select({ role: channelMembers.role })
        .from(channelMembers)
        .where(and(eq(channelMembers.channelId, query.channel_id), eq(channelMembers.userId, userId)))
        .limit(1)
      if (!member) throw forbidden()
      const myTopics = db
        .select({ id: topicMembers.topicId })
        .from(topicMembers)
        .innerJoin(topics, eq(topics.id, topicMembers.topicId))
        .where(and(eq(topicMembers.userId, userId), eq(topics.channelId, query.channel_id)))
      const rows = await db
        .select({ file: media, topicName: topics.name, uploader: { _id: users.id, name: users.name } })
        .from(media)
        .innerJoin(topics, eq(topics.id, media.topicId))
        .innerJoin(users, eq(users.id, media.ownerId))
        .where(
          and(
            inArray(media.topicId, myTopics),
            query.topic_id ? eq(media.topicId, query.topic_id) : undefined,
            query.trash ? isNotNull(media.trashedAt) : isNull(media.trashedAt),
            isNotNull(media.messageId),
          ),
        )
        .orderBy(desc(media.createdAt))
        .limit(PAGE_SIZE)
        .offset((query.page - 1) * PAGE_SIZE)
      const { used, quota } = await usage(userId)
      return {
        items: rows.map((r) => ({
          ...toMediaItem(r.file, signer, userId),
          topic_id: r.file.topicId!,
          topic_name: r.topicName,
          uploader: r.uploader,
          created_at: r.file.createdAt.toISOString(),
          trashed_at: r.file.trashedAt?.toISOString() ?? null,
        })),
        used,
        quota,
      }
    },

    async trash(userId: string, mediaId: string, trashed: boolean): Promise<void> {
      await manageable(userId, mediaId)
      await db
        .update(media)
        .set({ trashedAt: trashed ? new Date() : null })
        .where(eq(media.id, mediaId))
    },

    /**
     * Deletes a file for good: its row (its message counts it as removed), then (committed) its
     * bytes unless a forward still shares them.
     */
    async purge(userId: string, mediaId: string): Promise<void> {
      await manageable(userId, mediaId)
      const gone = await db.transaction(async (tx) => {
        const [row] = await tx.delete(media).where(eq(media.id, mediaId)).returning({ key: media.key, messageId: media.messageId })
        if (row?.messageId) await countPurgedFile(tx, row.messageId)
        return row
      })
      if (gone) await releaseKey(gone.key)
    },

    /**
     * The caller's storage against the plan's quota (the same figures as the upload check), with
     * the bytes of their files (trashed ones too: they count until deleted) by channel and chat.
     * 1:1 chats are the entry whose channel_id is null; channel and group pictures count in `used` only.
     */
    async summary(userId: string): Promise<StorageSummary> {
      const [{ used, quota }, [plan], rows] = await Promise.all([
        usage(userId),
        db.select({ plan: users.package }).from(users).where(eq(users.id, userId)).limit(1),
        db
          .select({
            topicId: topics.id,
            topicName: topics.name,
            isGroup: topics.isGroup,
            channelId: topics.channelId,
            channelName: channels.name,
            bytes: sum(media.size).mapWith(Number),
            files: count(media.id),
          })
          .from(media)
          .innerJoin(topics, eq(topics.id, media.topicId))
          .leftJoin(channels, eq(channels.id, topics.channelId))
          .where(and(eq(media.ownerId, userId), ne(media.acl, PREVIEW_ACL)))
          .groupBy(topics.id, topics.name, topics.isGroup, topics.channelId, channels.name)
          .orderBy(desc(sum(media.size)))
          .limit(1000),
      ])
      // A 1:1 chat is named after the other person.
      const partners = rows.filter((r) => !r.isGroup).map((r) => r.topicId)
      const partnerNames = new Map(
        partners.length
          ? (
              await db
                .select({ topicId: topicMembers.topicId, name: users.name })
                .from(topicMembers)
                .innerJoin(users, eq(users.id, topicMembers.userId))
                .where(and(inArray(topicMembers.topicId, partners), sql`${topicMembers.userId} <> ${userId}`))
            ).map((r) => [r.topicId, r.name])
          : [],
      )
      const byChannel = new Map<string, StorageChannelUsage>()
      for (const r of rows) {
        const key = r.channelId ?? ''
        const entry = byChannel.get(key) ?? { channel_id: r.channelId, name: r.channelName ?? '', bytes: 0, files: 0, topics: [] }
        entry.bytes += r.bytes
        entry.files += r.files
        entry.topics.push({
          topic_id: r.topicId,
          name: r.isGroup ? r.topicName : (partnerNames.get(r.topicId) ?? r.topicName),
          bytes: r.bytes,
          files: r.files,
        })
        byChannel.set(key, entry)
      }
      return { used, quota, plan: plan?.plan ?? 'freemium', channels: [...byChannel.values()].sort((a, b) => b.bytes - a.bytes) }
    },

    /** The caller's own trashed files in every channel and chat, newest trashed first, 20 a page. */
    async myTrash(userId: string, query: MyTrashQuery): Promise<TrashedFile[]> {
      const rows = await db
        .select({
          file: media,
          topicName: topics.name,
          channelId: topics.channelId,
          channelName: channels.name,
          uploader: { _id: users.id, name: users.name },
        })
        .from(media)
        .innerJoin(topics, eq(topics.id, media.topicId))
        .leftJoin(channels, eq(channels.id, topics.channelId))
        .innerJoin(users, eq(users.id, media.ownerId))
        .where(and(eq(media.ownerId, userId), isNotNull(media.trashedAt)))
        .orderBy(desc(media.trashedAt), desc(media.id))
        .limit(PAGE_SIZE)
        .offset((query.page - 1) * PAGE_SIZE)
      return rows.map((r) => ({
        ...toMediaItem(r.file, signer, userId),
        topic_id: r.file.topicId!,
        topic_name: r.topicName,
        channel_id: r.channelId,
        channel_name: r.channelName,
        uploader: r.uploader,
        created_at: r.file.createdAt.toISOString(),
        trashed_at: r.file.trashedAt!.toISOString(),
      }))
    },

    /**
     * Link previews: stores the image a link's page named (its bytes fetched through the safe
     * fetcher): sniffed by its content, a JPEG, PNG, GIF or WebP within IMAGE_MAX_PIXELS, with its
     * thumbnail (decoded as `decoderId`'s). Null when it is no such image. No row names it yet:
     * previewImageRow adds one per message.
     */
    async keepPreviewImage(bytes: Buffer, decoderId: string): Promise<PreviewImage | null> {
      const file = await ctx.uploads.receive('preview', Readable.from([bytes]))
      try {
        if (file.type?.kind !== 'image') return null
        const size = await imageSize(file.path)
        if (!size || tooManyPixels(size)) return null
        const key = store.newKey(file.type.ext)
        const thumb = await store.place(key, { ...file, type: file.type }, true, decoderId)
        return {
          key,
          mime: file.type.mime,
          size: file.size,
          width: thumb?.width ?? null,
          height: thumb?.height ?? null,
          hasThumb: thumb !== null,
        }
      } catch {
        return null
      } finally {
        await discardUploads([file])
      }
    },

    /**
     * A row for a stored preview image in topic `topicId` (acl 'preview': read through media/access
     * by the topic's members, charged to no one), in the caller's transaction. `shared`: the image
     * came from the cache, so it is attached only while a row still names its bytes (null otherwise).
     */
    async previewImageRow(tx: Tx, image: PreviewImage, ownerId: string, topicId: string, shared: boolean): Promise<MediaRow | null> {
      if (shared) {
        const [still] = await tx.select({ id: media.id }).from(media).where(eq(media.key, image.key)).limit(1)
        if (!still) return null
      }
      const [row] = await tx
        .insert(media)
        .values({
          key: image.key,
          ownerId,
          topicId,
          acl: PREVIEW_ACL,
          name: 'preview',
          mime: image.mime,
          size: image.size,
          kind: 'image',
          width: image.width,
          height: image.height,
          hasThumb: image.hasThumb ? 1 : 0,
        })
        .returning()
      return row!
    },

    /** Deletes preview image rows in the caller's transaction; answers how to release their bytes once it committed. */
    async dropPreviewImages(tx: Tx, mediaIds: string[]): Promise<() => Promise<void>> {
      const gone = mediaIds.length
        ? await tx
            .delete(media)
            .where(and(inArray(media.id, mediaIds), eq(media.acl, PREVIEW_ACL)))
            .returning({ key: media.key })
        : []
      return async () => {
        for (const key of new Set(gone.map((g) => g.key))) await releaseKey(key)
      }
    },

    /** Whether a row still names the stored image `key` (else its bytes are gone or about to go). */
    async previewImageStored(key: string): Promise<boolean> {
      const [row] = await db.select({ id: media.id }).from(media).where(eq(media.key, key)).limit(1)
      return row !== undefined
    },

    /** The bytes the user holds and may hold (each stored object once). */
    usage: (userId: string) => usage(userId),

    /**
     * The files of messages as `readerId` sees them (signed URLs), by message id, in upload order,
     * with how many of each message's files are in the trash: one query. With `imageIds`: link
     * previews' images too, in the same query, each by its own media id.
     */
    async ofMessages(
      messageIds: string[],
      readerId: string,
      imageIds: string[] = [],
    ): Promise<Map<string, { items: MediaItem[]; trashed: number }>> {
      const rows =
        messageIds.length || imageIds.length
          ? await db
              .select()
              .from(media)
              .where(
                or(
                  messageIds.length ? inArray(media.messageId, messageIds) : undefined,
                  imageIds.length ? and(inArray(media.id, imageIds), eq(media.acl, PREVIEW_ACL)) : undefined,
                ),
              )
              .orderBy(media.createdAt)
          : []
      const byMessage = new Map<string, { items: MediaItem[]; trashed: number }>()
      for (const row of rows) {
        // Link previews' images (no message row of their own): by their media id.
        if (row.acl === PREVIEW_ACL) {
          byMessage.set(row.id, { items: [toMediaItem(row, signer, readerId)], trashed: 0 })
          continue
        }
        const files = byMessage.get(row.messageId!) ?? { items: [], trashed: 0 }
        if (row.trashedAt) files.trashed += 1
        else files.items.push(toMediaItem(row, signer, readerId))
        byMessage.set(row.messageId!, files)
      }
      return byMessage
    },

    /**
     * For a forward, in the caller's transaction: locks the message's files (a purge waits, or has
     * already taken them) and charges `ownerId` for the stored objects they do not hold yet, under
     * their storage lock (413 storageFull past the quota). Answers how to attach the files to a
     * forwarded message: new rows that reference the same stored objects, no bytes copied.
     */
    async shareAttachments(tx: Tx, messageId: string, ownerId: string): Promise<(topicId: string, forwardId: string) => Promise<void>> {
      const files = await tx
        .select()
        .from(media)
        .where(and(eq(media.messageId, messageId), isNull(media.trashedAt)))
        .orderBy(media.createdAt)
        .for('update')
      if (files.length) {
        const held = await tx
          .select({ key: media.key })
          .from(media)
          .where(
            and(
              eq(media.ownerId, ownerId),
              inArray(
                media.key,
                files.map((f) => f.key),
              ),
            ),
          )
        const heldKeys = new Set(held.map((h) => h.key))
        const incoming = new Map(files.filter((f) => !heldKeys.has(f.key)).map((f) => [f.key, f.size]))
        await chargeUnderLock(
          tx,
          ownerId,
          [...incoming.values()].reduce((n, size) => n + size, 0),
          quotaOverride,
        )
      }
      return async (topicId, forwardId) => {
        if (!files.length) return
        const at = Date.now()
        await tx
          .insert(media)
          .values(files.map((file, i) => copyRow(file, { ownerId, topicId, messageId: forwardId, createdAt: new Date(at + i) })))
      }
    },

    /**
     * Deletes stored files that no media row names and that last changed over ORPHAN_AGE_MS before
     * `now` (a crash between placing a file and inserting its row, a topic deleted with its rows),
     * and upload temp files as old. Answers how many files went.
     */
    async sweepOrphans(now: Date): Promise<number> {
      const before = new Date(now.getTime() - ORPHAN_AGE_MS)
      const files = await store.objectsBefore(before)
      const keys = [...new Set(files.map((f) => f.key))]
      const named = new Set<string>()
      for (let i = 0; i < keys.length; i += SWEEP_BATCH) {
        const rows = await db
          .selectDistinct({ key: media.key })
          .from(media)
          .where(inArray(media.key, keys.slice(i, i + SWEEP_BATCH)))
        for (const row of rows) named.add(row.key)
      }
      const orphans = files.filter((f) => !named.has(f.key))
      await store.removeObjects(orphans.map((f) => f.objectKey))
      return orphans.length + (await ctx.uploads.removeStale(before))
    },
  }
}

/** A row for the same stored object in another place (forwarded): same key, file and thumbnail. */
function copyRow(file: MediaRow, place: { ownerId: string; topicId: string; messageId: string; createdAt: Date }) {
  const { id: _id, trashedAt: _trashed, ...same } = file
  return { ...same, ...place }
}

export type MediaService = ReturnType<typeof createMediaService>

/** A link preview's stored image (media key, with `<key>.thumb.jpg` when it has one). */
export interface PreviewImage {
  key: string
  mime: string
  size: number
  width: number | null
  height: number | null
  hasThumb: boolean
}

/** The media module's scheduled job: the orphan sweep, hourly across every node. */
export const orphanSweep = (service: MediaService, now: () => number): Job => ({
  name: 'media-orphan-sweep',
  everyMs: ORPHAN_AGE_MS,
  run: async () => ({ files: await service.sweepOrphans(new Date(now())) }),
})
