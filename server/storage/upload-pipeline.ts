import { randomBytes } from 'node:crypto'
import { createWriteStream } from 'node:fs'
import { mkdir, readdir, rm, stat } from 'node:fs/promises'
import { availableParallelism } from 'node:os'
import path from 'node:path'
import type { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import { fileTypeFromFile } from 'file-type'
import { MEDIA_UPLOADS_PER_USER, type MediaKind } from '../../contract'
import { HttpError } from '../http/errors'
import { createFairQueue } from './fair-queue'
import { createUploadSlots } from './upload-slots'

/**
 * The one way an uploaded file enters Workroom (avatars and media alike): a slot among the user's
 * uploads in progress, then streamed to a temp file, its type sniffed from its content (file names
 * and declared types are not trusted), images processed by sharp (loaded once, on the first image)
 * in a pool shared fairly between users.
 */

export interface SniffedType {
  mime: string
  ext: string
  /** What media stores it as; null for a type it does not take (executables, unknown binaries...). */
  kind: MediaKind | null
}

/** An upload on disk until a store moves it into place or it is discarded. */
export interface ReceivedFile {
  /** The client's file name (display only). */
  name: string
  path: string
  size: number
  /** null when the content is not a known type nor plain text. */
  type: SniffedType | null
}

/** The multipart file stream: `truncated` once it went over the route's size limit. */
export type UploadStream = Readable & { truncated?: boolean }

/** A bound on the bytes one file may still bring, and the error once it brings more. */
export interface ByteBudget {
  bytes: number
  error: () => Error
}

/**
 * Images declaring more pixels than this are refused before they are decoded (an "image bomb": a
 * few hundred kB of PNG can declare a 400 MB bitmap).
 */
export const IMAGE_MAX_PIXELS = 25_000_000

/**
 * What a multipart body holds besides file bytes, at most: boundaries, part headers, short fields.
 * A declared Content-Length past a route's file cap plus this is refused before the body is read.
 */
export const MULTIPART_OVERHEAD = 32 * 1024

const IMAGES = new Set(['image/jpeg', 'image/png', 'image/gif', 'image/webp'])
const FILES = new Set([
  'application/pdf',
  'application/zip',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  'application/vnd.oasis.opendocument.text',
  'application/vnd.oasis.opendocument.spreadsheet',
  'audio/mpeg',
  'audio/ogg',
  'audio/wav',
  'audio/x-wav',
  'audio/webm',
  'video/mp4',
  'video/webm',
  'video/ogg',
  'video/quicktime',
])

/** Whether the bytes, seen chunk by chunk, are valid UTF-8 without NUL bytes: plain text (csv, txt, md...). */
function plainTextCheck() {
  const decoder = new TextDecoder('utf-8', { fatal: true })
  let text = true
  let empty = true
  return {
    push(chunk: Uint8Array) {
      if (!text || chunk.length === 0) return
      empty = false
      if (chunk.includes(0)) text = false
      else {
        try {
          decoder.decode(chunk, { stream: true })
        } catch {
          text = false
        }
      }
    },
    result(): boolean {
      if (!text || empty) return false
      try {
        decoder.decode()
        return true
      } catch {
        return false
      }
    },
  }
}

async function sniff(file: string, plainText: boolean): Promise<SniffedType | null> {
  const found = await fileTypeFromFile(file).catch(() => undefined)
  if (found) return { mime: found.mime, ext: found.ext, kind: IMAGES.has(found.mime) ? 'image' : FILES.has(found.mime) ? 'file' : null }
  return plainText ? { mime: 'text/plain; charset=utf-8', ext: 'txt', kind: 'file' } : null
}

/** Temp files live in `tempDir` (<mediaDir>/tmp): on the media directory's disk, keeping one is a rename; with S3 it is uploaded from there. */
export function createUploadPipeline(tempDir: string) {
  const slots = createUploadSlots(MEDIA_UPLOADS_PER_USER)
  return {
    /**
     * A slot among the user's uploads in progress on this server (media and avatars share them), taken
     * before any of the body is read: 429 past MEDIA_UPLOADS_PER_USER. Answers how to give it back.
     */
    slot: (userId: string) => slots.take(userId),

    /**
     * Streams one file to a temp file and sniffs its type; 413 (nothing kept) when it is over the
     * size limit, and `budget.error()` as soon as it brings more than `budget.bytes` (the rest is not read).
     */
    async receive(name: string, stream: UploadStream, budget?: ByteBudget): Promise<ReceivedFile> {
      await mkdir(tempDir, { recursive: true })
      const file = path.join(tempDir, `${randomBytes(16).toString('hex')}.part`)
      const text = plainTextCheck()
      let size = 0
      const out = createWriteStream(file)
      try {
        await pipeline(
          stream,
          async function* (chunks: AsyncIterable<Buffer>) {
            for await (const chunk of chunks) {
              size += chunk.length
              if (budget && size > budget.bytes) throw budget.error()
              text.push(chunk)
              yield chunk
            }
          },
          out,
        )
        if (stream.truncated) throw new HttpError(413, 'fileTooLarge')
        return { name, path: file, size, type: await sniff(file, text.result()) }
      } catch (err) {
        // A stream destroyed while it was still opening creates the file afterwards: wait for it to close.
        if (!out.closed) await new Promise<void>((resolve) => out.once('close', () => resolve()))
        await rm(file, { force: true })
        throw err
      }
    },

    /** Deletes temp files last written before `before` (left by a crash mid-upload); answers how many. */
    async removeStale(before: Date): Promise<number> {
      let removed = 0
      for (const name of await readdir(tempDir).catch(() => [] as string[])) {
        const file = path.join(tempDir, name)
        const changed = await stat(file).then(
          (s) => s.mtime,
          () => null,
        )
        if (changed && changed < before) {
          await rm(file, { force: true })
          removed++
        }
      }
      return removed
    },
  }
}

export type UploadPipeline = ReturnType<typeof createUploadPipeline>

/** Removes received files that were not kept (a kept one was moved: nothing to do). */
export async function discardUploads(files: readonly ReceivedFile[]): Promise<void> {
  await Promise.all(files.map((f) => rm(f.path, { force: true })))
}

type Sharp = (typeof import('sharp'))['default']
let sharpModule: Promise<Sharp> | undefined
/** sharp loads on the first image, not at start-up; one libvips thread per image (the pool below sets how many at once). */
const loadSharp = () =>
  (sharpModule ??= import('sharp').then((m) => {
    m.default.concurrency(1)
    return m.default
  }))

/**
 * Decodes at once: one per core, but at most libuv's thread pool less one (sharp runs on that pool;
 * one thread stays for file I/O). 2 cores: 2 decodes.
 */
export const DECODE_WORKERS = Math.max(1, Math.min(availableParallelism(), (Number(process.env.UV_THREADPOOL_SIZE) || 4) - 1))

/**
 * Every decode of this process (thumbnails, avatars) goes through one pool shared fairly by the users
 * (storage/fair-queue.ts): one user's decodes never take every worker, the next decode is the oldest
 * of the user with the fewest running, and a user has at most MEDIA_UPLOADS_PER_USER decodes queued
 * (as many as uploads in progress; one more is 429).
 */
export const imageDecodes = createFairQueue({
  workers: DECODE_WORKERS,
  perOwnerRunning: Math.max(1, DECODE_WORKERS - 1),
  perOwnerQueued: MEDIA_UPLOADS_PER_USER,
})

/** The size an image declares in its header (nothing is decoded); null when it is not a readable image. */
export async function imageSize(file: string): Promise<{ width: number; height: number } | null> {
  const sharp = await loadSharp()
  try {
    const meta = await sharp(file).metadata()
    return meta.width && meta.height ? { width: meta.width, height: meta.height } : null
  } catch {
    return null
  }
}

/** Whether an image's declared size is over `max` pixels (IMAGE_MAX_PIXELS unless told). */
export const tooManyPixels = (size: { width: number; height: number }, max = IMAGE_MAX_PIXELS) => size.width * size.height > max

export interface JpegOptions {
  width: number
  height: number
  /** 'cover': crop to exactly width x height; 'inside': fit within, never enlarged. */
  fit: 'cover' | 'inside'
  quality: number
  mozjpeg?: boolean
  /** Pixels the image may declare (IMAGE_MAX_PIXELS unless told). */
  maxPixels?: number
}

/**
 * The image (turned upright by its EXIF orientation) as a JPEG on white, sized by `options`, and its
 * upright size before resizing; null when the file is not a readable image or declares more than
 * `options.maxPixels` (checked from its header, before decoding). The decode waits for its turn in
 * the shared pool as `owner`'s (the user it is for): 429 when that user already has their share queued.
 */
export function imageToJpeg(
  file: string,
  options: JpegOptions,
  owner: string,
): Promise<{ jpeg: Buffer; width: number; height: number } | null> {
  return imageDecodes.run(owner, () => decode(file, options))
}

async function decode(file: string, options: JpegOptions): Promise<{ jpeg: Buffer; width: number; height: number } | null> {
  const sharp = await loadSharp()
  try {
    const image = sharp(file, { limitInputPixels: options.maxPixels ?? IMAGE_MAX_PIXELS }).rotate()
    const meta = await image.metadata()
    const jpeg = await image
      .resize(options.width, options.height, { fit: options.fit, ...(options.fit === 'inside' && { withoutEnlargement: true }) })
      .flatten({ background: '#ffffff' })
      .jpeg({ quality: options.quality, ...(options.mozjpeg && { mozjpeg: true }) })
      .toBuffer()
    return { jpeg, width: meta.autoOrient?.width ?? meta.width ?? 0, height: meta.autoOrient?.height ?? meta.height ?? 0 }
  } catch {
    return null
  }
}
