import { randomBytes } from 'node:crypto'
import { mkdir, readdir, rename, rm, stat, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { THUMB_SUFFIX } from '../../contract'
import { imageToJpeg, type ReceivedFile } from './upload-pipeline'

const THUMB_MAX = 320

/**
 * Uploaded files on local disk: <mediaDir>/files/<key>, images also <key>.thumb.jpg. Several media
 * rows may share one key (a forwarded file): the bytes go when the last row does.
 */
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

    /**
     * A JPEG thumbnail (at most 320 px) of the stored image and the image's size; null when the image
     * cannot be read. Decoded as `owner`'s (the uploader: 429 when they already have their share of the decode pool queued).
     */
    async thumbnail(key: string, owner: string): Promise<{ width: number; height: number } | null> {
      const out = await imageToJpeg(fileOf(key), { width: THUMB_MAX, height: THUMB_MAX, fit: 'inside', quality: 80 }, owner)
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

    async remove(key: string): Promise<void> {
      await Promise.all([rm(fileOf(key), { force: true }), rm(fileOf(`${key}${THUMB_SUFFIX}`), { force: true })])
    },

    /** Deletes stored files by path (as filesBefore answers them). */
    async removeFiles(paths: readonly string[]): Promise<void> {
      await Promise.all(paths.map((file) => rm(file, { force: true })))
    },

    /**
     * The stored files last changed before `before`, by the key they belong to (a thumbnail or a
     * half-written temp file belongs to its image's key).
     */
    async filesBefore(before: Date): Promise<{ key: string; path: string }[]> {
      const names = await readdir(dir).catch(() => [] as string[])
      const old: { key: string; path: string }[] = []
      for (const name of names) {
        const file = path.join(dir, name)
        const changed = await stat(file).then(
          (s) => s.mtime,
          () => null,
        )
        if (changed && changed < before) old.push({ key: keyOfFile(name), path: file })
      }
      return old
    },
  }
}

/** The key a stored file name belongs to: <key>, <key>.thumb.jpg, <key>.thumb.jpg.<random>.part. */
function keyOfFile(name: string): string {
  const whole = name.replace(/\.[0-9a-f]{8}\.part$/, '')
  return whole.endsWith(THUMB_SUFFIX) ? whole.slice(0, -THUMB_SUFFIX.length) : whole
}

export type MediaStore = ReturnType<typeof createMediaStore>
