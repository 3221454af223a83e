import { randomBytes } from 'node:crypto'
import pLimit from 'p-limit'
import { THUMB_SUFFIX } from '../../contract'
import type { RangeRequest } from './byte-range'
import type { ObjectStore, ReadUrlOptions } from './object-store'
import { imageToJpeg, type ReceivedFile } from './upload-pipeline'

const THUMB_MAX = 320
const FOLDER = 'files/'
/** Deletes of the orphan sweep in flight at once (each is a request to S3). */
const DELETES_AT_ONCE = 8

/**
 * Uploaded files in the object store: files/<key>, images also files/<key>.thumb.jpg. Several media
 * rows may share one key (a forwarded file): the bytes go when the last row does.
 */
export function createMediaStore(objects: ObjectStore) {
  /** A media key (or a thumbnail's, <key>.thumb.jpg) as an object key; a key is one path segment. */
  const objectOf = (key: string) => FOLDER + key.slice(key.lastIndexOf('/') + 1)

  return {
    newKey: (ext: string) => `${randomBytes(16).toString('hex')}.${ext}`,

    /**
     * Stores a received upload under `key`, and for an image first its JPEG thumbnail (at most
     * 320 px, made from the received file, decoded as `owner`'s: 429 when they already have their
     * share of the decode pool queued); answers the image's size, or null when it has no
     * thumbnail. The received file is gone afterwards.
     */
    async place(
      key: string,
      file: ReceivedFile & { type: { mime: string } },
      image: boolean,
      owner: string,
    ): Promise<{ width: number; height: number } | null> {
      const thumb = image ? await imageToJpeg(file.path, { width: THUMB_MAX, height: THUMB_MAX, fit: 'inside', quality: 80 }, owner) : null
      if (thumb) await objects.put(objectOf(`${key}${THUMB_SUFFIX}`), thumb.jpeg, { contentType: 'image/jpeg' })
      await objects.putFile(objectOf(key), file.path, { contentType: file.type.mime })
      return thumb && { width: thumb.width, height: thumb.height }
    },

    /** A stored file or thumbnail (or the asked range of it); null when it is not stored. */
    read: (key: string, range?: RangeRequest) => objects.get(objectOf(key), range),

    /** A URL of the store the browser may read the file from itself for `minSeconds`; undefined when reads go through the server. */
    readUrl: (key: string, options: ReadUrlOptions, minSeconds: number): Promise<string> | undefined =>
      objects.readUrl?.(objectOf(key), options, minSeconds),

    async remove(key: string): Promise<void> {
      await Promise.all([objects.delete(objectOf(key)), objects.delete(objectOf(`${key}${THUMB_SUFFIX}`))])
    },

    /** Deletes stored objects by their object key (as objectsBefore answers them). */
    async removeObjects(objectKeys: readonly string[]): Promise<void> {
      const limit = pLimit(DELETES_AT_ONCE)
      await Promise.all(objectKeys.map((objectKey) => limit(() => objects.delete(objectKey))))
    },

    /**
     * The stored objects last changed before `before`, by the media key they belong to (a
     * thumbnail or a half-written temp file belongs to its image's key).
     */
    async objectsBefore(before: Date): Promise<{ key: string; objectKey: string }[]> {
      const old: { key: string; objectKey: string }[] = []
      for await (const item of objects.list(FOLDER)) {
        if (item.modified < before) old.push({ key: keyOfObject(item.key.slice(FOLDER.length)), objectKey: item.key })
      }
      return old
    },
  }
}

/** The key a stored name belongs to: <key>, <key>.thumb.jpg, or a temp file <key>[.thumb.jpg].<8 hex>.part. */
function keyOfObject(name: string): string {
  const whole = name.replace(/\.[0-9a-f]{8}\.part$/, '')
  return whole.endsWith(THUMB_SUFFIX) ? whole.slice(0, -THUMB_SUFFIX.length) : whole
}

export type MediaStore = ReturnType<typeof createMediaStore>
