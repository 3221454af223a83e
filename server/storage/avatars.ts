import { randomBytes } from 'node:crypto'
import { mkdir, unlink, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { AVATAR_MAX_PIXELS } from '../../contract'
import { HttpError } from '../http/errors'
import { discardUploads, imageSize, imageToJpeg, type ReceivedFile, tooManyPixels } from './upload-pipeline'

export const AVATAR_SIZE = 256
export const AVATAR_URL_PREFIX = '/api/media/avatars/'

/** JPEG or PNG by content (an animated PNG too: it starts as a PNG, its first frame is used). */
const AVATAR_TYPES = new Set(['image/jpeg', 'image/png', 'image/apng'])

/** Avatars on local disk: <mediaDir>/avatars/<random>.jpg, square 256 px JPEG. */
export function createAvatarStore(mediaDir: string) {
  const dir = path.join(mediaDir, 'avatars')

  return {
    dir,
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
        await mkdir(dir, { recursive: true })
        const file = `${randomBytes(16).toString('hex')}.jpg`
        await writeFile(path.join(dir, file), out.jpeg)
        return AVATAR_URL_PREFIX + file
      } finally {
        await discardUploads([upload])
      }
    },
    /** Deletes a previous avatar of ours (best effort). */
    async remove(url: string | null) {
      if (!url?.startsWith(AVATAR_URL_PREFIX)) return
      const file = url.slice(AVATAR_URL_PREFIX.length)
      if (!/^[a-f0-9]{32}\.jpg$/.test(file)) return
      await unlink(path.join(dir, file)).catch(() => undefined)
    },
  }
}

export type AvatarStore = ReturnType<typeof createAvatarStore>
