import { randomBytes } from 'node:crypto'
import { AVATAR_MAX_PIXELS } from '../../contract'
import { HttpError } from '../http/errors'
import type { ObjectStore } from './object-store'
import { discardUploads, imageSize, imageToJpeg, type ReceivedFile, tooManyPixels } from './upload-pipeline'

export const AVATAR_SIZE = 256
export const AVATAR_URL_PREFIX = '/api/media/avatars/'

/** JPEG or PNG by content (an animated PNG too: it starts as a PNG, its first frame is used). */
const AVATAR_TYPES = new Set(['image/jpeg', 'image/png', 'image/apng'])
/** The name of every stored avatar. */
const AVATAR_FILE = /^[a-f0-9]{32}\.jpg$/

/** Avatars in the object store: avatars/<random>.jpg, square 256 px JPEG. */
export function createAvatarStore(objects: ObjectStore) {
  const keyOf = (file: string) => `avatars/${file}`

  return {
    /**
     * Resizes and stores a received image as `owner`'s decode; returns its public URL, or null when it
     * is not a readable JPEG or PNG. An image declaring more than AVATAR_MAX_PIXELS is refused (400
     * avatarTooLarge) from its header, before it waits for a decode. The received file is gone either way.
     */
    async save(upload: ReceivedFile, owner: string): Promise<string | null> {
      try {
        if (!upload.type || !AVATAR_TYPES.has(upload.type.mime)) return null
        const size = await imageSize(upload.path)
        if (size && tooManyPixels(size, AVATAR_MAX_PIXELS)) throw new HttpError(400, 'avatarTooLarge', { file: 'avatarTooLarge' })
        const out = await imageToJpeg(
          upload.path,
          { width: AVATAR_SIZE, height: AVATAR_SIZE, fit: 'cover', quality: 85, mozjpeg: true, maxPixels: AVATAR_MAX_PIXELS },
          owner,
        )
        if (!out) return null
        const file = `${randomBytes(16).toString('hex')}.jpg`
        await objects.put(keyOf(file), out.jpeg, { contentType: 'image/jpeg' })
        return AVATAR_URL_PREFIX + file
      } finally {
        await discardUploads([upload])
      }
    },
    /** Deletes a previous avatar of ours (best effort). */
    async remove(url: string | null) {
      if (!url?.startsWith(AVATAR_URL_PREFIX)) return
      const file = url.slice(AVATAR_URL_PREFIX.length)
      if (!AVATAR_FILE.test(file)) return
      await objects.delete(keyOf(file)).catch(() => undefined)
    },
    /** A stored avatar by its file name (the last part of its URL); null for any other name. */
    read(file: string) {
      return AVATAR_FILE.test(file) ? objects.get(keyOf(file)) : Promise.resolve(null)
    },
  }
}

export type AvatarStore = ReturnType<typeof createAvatarStore>
