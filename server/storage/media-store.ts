import { randomBytes } from 'node:crypto'
import { copyFile, mkdir, rename, rm, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { THUMB_SUFFIX } from '../../contract'

const THUMB_MAX = 320

type Sharp = (typeof import('sharp'))['default']
let sharpModule: Promise<Sharp> | undefined
const loadSharp = () => (sharpModule ??= import('sharp').then((m) => m.default))

/** Uploaded files on local disk: <mediaDir>/files/<key>, images also <key>.thumb.jpg. */
export function createMediaStore(mediaDir: string) {
  const dir = path.join(mediaDir, 'files')
  const fileOf = (key: string) => path.join(dir, path.basename(key))

  return {
    fileOf,
    newKey: (ext: string) => `${randomBytes(16).toString('hex')}.${ext}`,

    /** Written to a temp name, then renamed: a failed upload leaves no half-written file. */
    async save(key: string, bytes: Buffer): Promise<void> {
      await mkdir(dir, { recursive: true })
      const temp = `${fileOf(key)}.${randomBytes(4).toString('hex')}.part`
      try {
        await writeFile(temp, bytes)
        await rename(temp, fileOf(key))
      } catch (err) {
        await rm(temp, { force: true })
        throw err
      }
    },

    /** A JPEG thumbnail (at most 320 px) and the image's size; null when the image cannot be read. */
    async thumbnail(key: string, bytes: Buffer): Promise<{ width: number; height: number } | null> {
      const sharp = await loadSharp()
      try {
        const image = sharp(bytes, { limitInputPixels: 100_000_000 }).rotate()
        const meta = await image.metadata()
        const thumb = await image
          .resize(THUMB_MAX, THUMB_MAX, { fit: 'inside', withoutEnlargement: true })
          .flatten({ background: '#ffffff' })
          .jpeg({ quality: 80 })
          .toBuffer()
        await this.save(`${key}${THUMB_SUFFIX}`, thumb)
        return { width: meta.autoOrient?.width ?? meta.width ?? 0, height: meta.autoOrient?.height ?? meta.height ?? 0 }
      } catch {
        return null
      }
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
