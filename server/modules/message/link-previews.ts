import { and, eq, isNull } from 'drizzle-orm'
import type { AppContext } from '../../context'
import type { Tx } from '../../db/client'
import { type LinkPreviewRow, linkPreviews, messagePreviews, messages } from '../../db/schema'
import type { JobToSchedule, RunningJob } from '../../jobs/job-queue'
import type { MediaService, PreviewImage } from '../media'
import { fetchImage, fetchPage, linksOf } from './link-page'

/** The durable job (server/jobs) that makes a message's link preview after its send or edit answered. */
export const LINK_PREVIEW_JOB = 'message-link-preview'
const jobKey = (messageId: string) => `link-preview:${messageId}`

/** A cached page with a preview, and whether its image was stored by this run (not shared from the cache). */
interface Found {
  row: LinkPreviewRow
  fresh: boolean
}

const imageOf = (row: LinkPreviewRow): PreviewImage | null =>
  row.imageKey && row.imageMime
    ? {
        key: row.imageKey,
        mime: row.imageMime,
        size: row.imageSize ?? 0,
        width: row.imageWidth,
        height: row.imageHeight,
        hasThumb: row.imageWidth !== null,
      }
    : null

/**
 * Link previews of messages. A message naming http(s) links gets a job (after its send or edit,
 * never in its answer's way); the job reads the first links' pages (each URL once per TTL for
 * every message naming it: the `link_previews` cache, a page without a preview kept shorter),
 * stores a page's image through the media pipeline (sniffed, size-limited, thumbnailed; read
 * through media/access like the topic's files, never hot-linked), attaches the first preview found
 * to the message and tells its topic (MESSAGE_CHANGED 'preview'). The sender may take it away.
 */
export function createLinkPreviews(
  ctx: AppContext,
  { media, announce }: { media: MediaService; announce: (messageId: string, readerId: string) => Promise<void> },
) {
  const { db, queue, outbound } = ctx
  const limits = ctx.config.linkPreviews
  const now = () => ctx.config.now()

  /** The cached card of `url`, fetched (and cached) when missing or expired; null: the page has no preview. */
  async function cardOf(url: string, decoderId: string): Promise<Found | null> {
    const [cached] = await db.select().from(linkPreviews).where(eq(linkPreviews.url, url)).limit(1)
    if (cached && cached.expiresAt.getTime() > now()) {
      if (!cached.ok) return null
      // Its image's bytes go with the last message showing it: fetched again then.
      if (!cached.imageKey || !cached.imageUrl || (await media.previewImageStored(cached.imageKey))) return { row: cached, fresh: false }
      const image = await imageFrom(cached.imageUrl, decoderId)
      const [row] = await db
        .update(linkPreviews)
        .set({ ...imageColumns(image) })
        .where(eq(linkPreviews.url, url))
        .returning()
      return { row: row ?? cached, fresh: true }
    }
    const page = await fetchPage(outbound, url, limits)
    const image = page?.imageUrl ? await imageFrom(page.imageUrl, decoderId) : null
    const at = now()
    const values = {
      url,
      ok: page ? 1 : 0,
      title: page?.title ?? null,
      description: page?.description ?? null,
      siteName: page?.siteName ?? null,
      imageUrl: page?.imageUrl ?? null,
      ...imageColumns(image),
      fetchedAt: new Date(at),
      expiresAt: new Date(at + (page ? limits.ttlMs : limits.missTtlMs)),
    }
    const [row] = await db
      .insert(linkPreviews)
      .values(values)
      .onConflictDoUpdate({ target: linkPreviews.url, set: { ...values, url: undefined } })
      .returning()
    return row && row.ok ? { row, fresh: true } : null
  }

  async function imageFrom(url: string, decoderId: string): Promise<PreviewImage | null> {
    const bytes = await fetchImage(outbound, url, limits)
    return bytes ? media.keepPreviewImage(bytes, decoderId) : null
  }

  const imageColumns = (image: PreviewImage | null) => ({
    imageKey: image?.key ?? null,
    imageMime: image?.mime ?? null,
    imageSize: image?.size ?? null,
    imageWidth: image?.hasThumb ? image.width : null,
    imageHeight: image?.hasThumb ? image.height : null,
  })

  /** Takes a message's preview row away in `tx` (`keepRemoved`: the sender's removal, remembered for its URL); answers how to release its image once committed. */
  async function dropPreview(tx: Tx, messageId: string, keepRemoved: boolean): Promise<(() => Promise<void>) | null> {
    const [old] = keepRemoved
      ? await tx
          .select({ mediaId: messagePreviews.mediaId })
          .from(messagePreviews)
          .where(and(eq(messagePreviews.messageId, messageId), isNull(messagePreviews.removedAt)))
          .for('update')
      : await tx.delete(messagePreviews).where(eq(messagePreviews.messageId, messageId)).returning({ mediaId: messagePreviews.mediaId })
    if (!old) return null
    if (keepRemoved)
      await tx
        .update(messagePreviews)
        .set({ removedAt: new Date(now()), mediaId: null })
        .where(eq(messagePreviews.messageId, messageId))
    return media.dropPreviewImages(tx, old.mediaId ? [old.mediaId] : [])
  }

  /** The job: the message's preview made (or changed, or taken away when its links went), then its topic told. */
  async function run(job: RunningJob): Promise<void> {
    const messageId = String(job.payload.messageId)
    const [message] = await db
      .select({ type: messages.type, body: messages.body, deletedAt: messages.deletedAt, senderId: messages.senderId })
      .from(messages)
      .where(eq(messages.id, messageId))
      .limit(1)
    if (!message || message.deletedAt || !message.senderId) return
    const links = linksOf(message.type, message.body)
    const [current] = await db.select().from(messagePreviews).where(eq(messagePreviews.messageId, messageId)).limit(1)
    // Its first link's preview is there already, or its sender took it away.
    if (current && current.url === links[0]) return
    let found: Found | null = null
    for (const url of links) {
      found = await cardOf(url, message.senderId)
      if (found) break
    }
    if (current && found?.row.url === current.url) return
    if (!current && !found) return
    const release = await db.transaction(async (tx) => {
      // Edited meanwhile (its own job follows) or deleted: nothing written.
      const [latest] = await tx
        .select({ body: messages.body, topicId: messages.topicId, deletedAt: messages.deletedAt })
        .from(messages)
        .where(eq(messages.id, messageId))
        .for('update')
      if (!latest || latest.deletedAt || latest.body !== message.body) return null
      const dropOld = await dropPreview(tx, messageId, false)
      if (found) {
        const image = imageOf(found.row)
        const imageRow = image ? await media.previewImageRow(tx, image, message.senderId!, latest.topicId, !found.fresh) : null
        await tx.insert(messagePreviews).values({
          messageId,
          url: found.row.url,
          title: found.row.title,
          description: found.row.description,
          siteName: found.row.siteName,
          mediaId: imageRow?.id ?? null,
        })
      }
      return dropOld ?? (async () => undefined)
    })
    if (!release) return
    await release()
    await announce(messageId, message.senderId)
  }
  queue.handle(LINK_PREVIEW_JOB, run)

  return {
    /**
     * After a send or an edit of a message (in `tx` when given): its preview job when it names links
     * (none: not even a query), due at once. Its payload names the links, so an edit that changes
     * them while the job runs moves it to run again.
     */
    async plan(on: Tx | AppContext['db'], messageId: string, type: string, body: string): Promise<boolean> {
      const links = linksOf(type, body)
      if (links.length === 0) return false
      const job: JobToSchedule = { kind: LINK_PREVIEW_JOB, key: jobKey(messageId), runAt: new Date(now()), payload: { messageId, links } }
      await queue.schedule(on, job)
      return true
    },

    /** In an edit's or a delete's transaction: the message's preview goes (its links went, or the message did). */
    drop: (tx: Tx, messageId: string) => dropPreview(tx, messageId, false),

    /** The sender's removal, in `tx`: the preview goes for everyone and is not made again for that link. Null: none shown. */
    remove: (tx: Tx, messageId: string) => dropPreview(tx, messageId, true),

    /** A pending job of a message (deleted, or whose links went) is dropped. */
    cancel: (tx: Tx, messageId: string) => queue.cancel(tx, jobKey(messageId)),
  }
}

export type LinkPreviews = ReturnType<typeof createLinkPreviews>
