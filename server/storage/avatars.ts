import { randomBytes } from 'node:crypto'
import { mkdir, unlink, writeFile } from 'node:fs/promises'
import path from 'node:path'

export const AVATAR_SIZE = 256
export const AVATAR_URL_PREFIX = '/api/media/avatars/'

export type ImageKind = 'jpeg' | 'png'

/** The image type by its first bytes (file names and declared types are not trusted). */
export function sniffImage(buf: Uint8Array): ImageKind | null {
  if (buf.length >= 3 && buf[0] === 0xff && buf[1] === 0xd8 && buf[2] === 0xff) return 'jpeg'
  const png = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]
  if (buf.length >= png.length && png.every((b, i) => buf[i] === b)) return 'png'
  return null
}

type Sharp = (typeof import('sharp'))['default']
let sharpModule: Promise<Sharp> | undefined
/** sharp loads on the first upload, not at start-up. */
const loadSharp = () => (sharpModule ??= import('sharp').then((m) => m.default))

/** Avatars on local disk: <mediaDir>/avatars/<random>.jpg, square 256 px JPEG. */
export function createAvatarStore(mediaDir: string) {
  const dir = path.join(mediaDir, 'avatars')

  return {
    dir,
    /** Resizes and stores the image; returns its public URL, or null when the bytes are not a readable image. */
    async save(image: Buffer): Promise<string | null> {
      const sharp = await loadSharp()
      let jpeg: Buffer
      try {
        jpeg = await sharp(image, { limitInputPixels: 50_000_000 })
          .rotate()
          .resize(AVATAR_SIZE, AVATAR_SIZE, { fit: 'cover' })
          .flatten({ background: '#ffffff' })
          .jpeg({ quality: 85, mozjpeg: true })
          .toBuffer()
      } catch {
        return null
      }
      await mkdir(dir, { recursive: true })
      const file = `${randomBytes(16).toString('hex')}.jpg`
      await writeFile(path.join(dir, file), jpeg)
      return AVATAR_URL_PREFIX + file
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
