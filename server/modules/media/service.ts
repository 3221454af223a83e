import { and, desc, eq, inArray, isNotNull, isNull, sum } from 'drizzle-orm'
import { type MediaAcl, type MediaItem, PAGE_SIZE, ROLES, type StoragePage, type StorageQuery, storageQuota, THUMB_SUFFIX } from '../../../contract'
import type { AppContext } from '../../context'
import { channelMembers, media, topicMembers, topics, users } from '../../db/schema'
import { badRequest, forbidden, HttpError, notFound } from '../../http/errors'
import { createMediaStore } from '../../storage/media-store'
import { discardUploads, type ReceivedFile } from '../../storage/upload-pipeline'
import { createMediaSigner } from './signing'
import { toMediaItem } from './view'

const PUBLIC_TYPES = new Set(['image/jpeg', 'image/png'])

/**
 * Uploads (checked by content, within the user's storage quota, images with a thumbnail), signed
 * access for topic members, and the channel storage pages with trash.
 */
/** What the media module asks of topics (the topic module provides it; see server/build.ts). */
export interface MediaDeps {
  /** Throws 404/403 unless the user belongs to the topic. */
  requireTopicMember: (db: AppContext['db'], topicId: string, userId: string) => Promise<unknown>
}

export function createMediaService(ctx: AppContext, { requireTopicMember }: MediaDeps) {
  const { db } = ctx
  const store = createMediaStore(ctx.config.mediaDir)
  const signer = createMediaSigner(ctx.config.jwtSecret)

  async function usage(userId: string): Promise<{ used: number; quota: number }> {
    const [row] = await db
      .select({ used: sum(media.size).mapWith(Number), plan: users.package })
      .from(users)
      .leftJoin(media, eq(media.ownerId, users.id))
      .where(eq(users.id, userId))
      .groupBy(users.package)
    return { used: row?.used ?? 0, quota: ctx.config.storageQuotaBytes ?? storageQuota(row?.plan) }
  }

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

  /** Checks and stores received files (see `upload`). */
  async function keep(userId: string, files: ReceivedFile[], topicId: string | undefined, acl: MediaAcl): Promise<MediaItem[]> {
    if (acl === 'private') {
      if (!topicId) throw badRequest('invalidInput', 'topic_id')
      await requireTopicMember(db, topicId, userId)
    }
    const typed = files.map((file) => {
      const type = file.type?.kind ? { ...file.type, kind: file.type.kind } : null
      if (!type || (acl === 'public' && !PUBLIC_TYPES.has(type.mime))) throw new HttpError(400, 'fileType', { file: 'fileType' })
      return { ...file, type }
    })
    const { used, quota } = await usage(userId)
    const incoming = typed.reduce((n, f) => n + f.size, 0)
    if (used + incoming > quota) throw new HttpError(413, 'storageFull')
    const items: MediaItem[] = []
    for (const file of typed) {
      const key = store.newKey(file.type.ext)
      await store.adopt(key, file)
      const size = file.type.kind === 'image' ? await store.thumbnail(key) : null
      const [row] = await db
        .insert(media)
        .values({
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
        })
        .returning()
      items.push(toMediaItem(row!, signer, userId))
    }
    return items
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

    /** Drops the caller's upload that no message uses yet. */
    async cancel(userId: string, mediaId: string): Promise<void> {
      const [row] = await db.select().from(media).where(eq(media.id, mediaId)).limit(1)
      if (!row) throw notFound()
      if (row.ownerId !== userId) throw forbidden()
      if (row.messageId) throw badRequest('mediaInUse', 'media_id')
      await db.delete(media).where(eq(media.id, mediaId))
      await store.remove(row.key)
    },

    /** A file for a signed reader who still belongs to its topic; null when the link is not valid. */
    async access(key: string, topicId: string, expire: number, token: string) {
      const reader = signer.reader(key, topicId, expire, token)
      if (!reader) throw forbidden()
      const baseKey = key.endsWith(THUMB_SUFFIX) ? key.slice(0, -THUMB_SUFFIX.length) : key
      const [row] = await db
        .select({ file: media, member: topicMembers.userId })
        .from(media)
        .leftJoin(topicMembers, and(eq(topicMembers.topicId, media.topicId), eq(topicMembers.userId, reader)))
        .where(and(eq(media.key, baseKey), eq(media.topicId, topicId)))
        .limit(1)
      if (!row || row.file.trashedAt) throw notFound()
      if (!row.member) throw forbidden()
      const isThumb = baseKey !== key
      return { path: store.fileOf(key), mime: isThumb ? 'image/jpeg' : row.file.mime, name: row.file.name, inline: isThumb || row.file.kind === 'image' }
    },

    /** A public upload (channel image or banner). */
    async publicFile(key: string) {
      const [row] = await db.select().from(media).where(and(eq(media.key, key), eq(media.acl, 'public'))).limit(1)
      if (!row) throw notFound()
      return { path: store.fileOf(key), mime: row.mime }
    },

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
      await db.update(media).set({ trashedAt: trashed ? new Date() : null }).where(eq(media.id, mediaId))
    },

    async purge(userId: string, mediaId: string): Promise<void> {
      const file = await manageable(userId, mediaId)
      await db.delete(media).where(eq(media.id, mediaId))
      await store.remove(file.key)
    },

    usage,

    /** The files of messages as `readerId` sees them (signed URLs), by message id, in upload order: one query. */
    async ofMessages(messageIds: string[], readerId: string): Promise<Map<string, MediaItem[]>> {
      const rows = messageIds.length ? await db.select().from(media).where(and(inArray(media.messageId, messageIds), isNull(media.trashedAt))).orderBy(media.createdAt) : []
      const byMessage = new Map<string, MediaItem[]>()
      for (const row of rows) {
        const list = byMessage.get(row.messageId!) ?? []
        list.push(toMediaItem(row, signer, readerId))
        byMessage.set(row.messageId!, list)
      }
      return byMessage
    },

    /**
     * Copies of a message's files (thumbnails included) as `ownerId`'s unattached uploads in
     * `topicId`, for a forward: purging one copy leaves the other. Answers the copies' ids.
     */
    async copyAttachments(messageId: string, ownerId: string, topicId: string): Promise<string[]> {
      const files = await db.select().from(media).where(and(eq(media.messageId, messageId), isNull(media.trashedAt)))
      const ids: string[] = []
      for (const { id: _id, messageId: _message, createdAt: _created, ...file } of files) {
        const key = store.newKey(file.key.split('.').pop() ?? 'bin')
        await store.copy(file.key, key, file.hasThumb === 1)
        const [copy] = await db.insert(media).values({ ...file, key, ownerId, topicId }).returning({ id: media.id })
        ids.push(copy!.id)
      }
      return ids
    },
  }
}

export type MediaService = ReturnType<typeof createMediaService>
