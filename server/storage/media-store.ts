import { randomBytes } from 'node:crypto'
import { copyFile, mkdir, rename, rm, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { THUMB_SUFFIX } from '../../contract'
import { imageToJpeg, type ReceivedFile } from './upload-pipeline'

const THUMB_MAX = 320

/** Uploaded files on local disk: <mediaDir>/files/<key>, images also <key>.thumb.jpg. */
export function createMediaStore(mediaDir: string) {
  const dir = path.join(mediaDir, 'files')
  const fileOf = (key: string) => path.join(dir, path.basename(key))

  return {
    fileOf,
    newKey: (ext: string) => `${randomBytes(16).toString('hex')}.${ext}`,

    /** Moves a received upload into place under `key` (the upload pipeline wrote it whole). */
    async adopt(key: string, file: ReceivedFile): Promise<void> {
      await mkdir(dir, { recursive: true })
      await rename(file.path, fileOf(key))
    },

    /** A JPEG thumbnail (at most 320 px) of the stored image and the image's size; null when the image cannot be read. */
    async thumbnail(key: string): Promise<{ width: number; height: number } | null> {
      const out = await imageToJpeg(fileOf(key), { limitInputPixels: 100_000_000, width: THUMB_MAX, height: THUMB_MAX, fit: 'inside', quality: 80 })
      if (!out) return null
      // Written to a temp name, then renamed: a failure leaves no half-written thumbnail.
      const thumb = fileOf(`${key}${THUMB_SUFFIX}`)
      const temp = `${thumb}.${randomBytes(4).toString('hex')}.part`
      try {
        await writeFile(temp, out.jpeg)
        await rename(temp, thumb)
      } catch {
        await rm(temp, { force: true })
        return null
      }
      return { width: out.width, height: out.height }
    },

    /** A copy under a new key (forwarded attachments), thumbnail included: purging one leaves the other. */
    async copy(from: string, to: string, withThumb: boolean): Promise<void> {
      await copyFile(fileOf(from), fileOf(to))
      if (withThumb) await copyFile(fileOf(`${from}${THUMB_SUFFIX}`), fileOf(`${to}${THUMB_SUFFIX}`))
    },

    async remove(key: string): Promise<void> {
      await Promise.all([rm(fileOf(key), { force: true }), rm(fileOf(`${key}${THUMB_SUFFIX}`), { force: true })])
    },
  }
}

export type MediaStore = ReturnType<typeof createMediaStore>
