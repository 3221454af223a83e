import { createReadStream } from 'node:fs'
import { rm, stat } from 'node:fs/promises'
import { Readable } from 'node:stream'
import {
  DeleteObjectCommand,
  GetObjectCommand,
  type GetObjectCommandOutput,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3'
import { getSignedUrl } from '@aws-sdk/s3-request-presigner'
import type { S3Settings } from '../config'
import { rangeWithin } from './byte-range'
import type { ObjectStore, ReadUrlOptions, StoredObject } from './object-store'

/** Read URLs are signed at the start of such a window, so one file keeps one URL (and the browser's cached copy) for that long. */
const READ_URL_WINDOW_SECONDS = 5 * 60

/** Not found: HeadObject answers a bare 404, GetObject NoSuchKey. */
const isNotFound = (err: unknown) => (err as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 404
const isBadRange = (err: unknown) => (err as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 416

const rangeHeader = (range: { start: number; end?: number } | undefined): string | undefined =>
  range && `bytes=${range.start}-${range.end ?? ''}`

/** An S3-compatible bucket (AWS S3, MinIO, R2, ...) through the AWS SDK's S3 client. */
export async function createS3Store(settings: S3Settings): Promise<ObjectStore> {
  const Bucket = settings.bucket
  const client = new S3Client({
    region: settings.region,
    endpoint: settings.endpoint,
    forcePathStyle: settings.forcePathStyle,
    // Without keys the SDK's default chain applies (AWS_* variables, shared config, an instance role).
    credentials:
      settings.accessKeyId && settings.secretAccessKey
        ? { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey }
        : undefined,
    // Checksums only where S3 requires them: streamed bodies are then sent plain (not aws-chunked with
    // a checksum trailer), which S3-compatible servers that do not decode that encoding store as sent.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  })

  const object = async (out: GetObjectCommandOutput): Promise<StoredObject> => {
    const body = out.Body
    if (!(body instanceof Readable)) throw new Error('S3 GetObject answered no stream')
    const parts = /^bytes (\d+)-(\d+)\/(\d+)$/.exec(out.ContentRange ?? '')
    if (parts) return { body, size: Number(parts[3]), range: { start: Number(parts[1]), end: Number(parts[2]) } }
    return { body, size: out.ContentLength ?? 0 }
  }

  const signedGet = (key: string, options: ReadUrlOptions, expiresIn: number, signingDate: Date) =>
    getSignedUrl(
      client,
      new GetObjectCommand({
        Bucket,
        Key: key,
        ResponseContentType: options.contentType,
        ResponseContentDisposition: options.contentDisposition,
        ResponseCacheControl: options.cacheControl,
      }),
      { expiresIn, signingDate },
    )

  const readOrigin = settings.presignedReads
    ? new URL(await signedGet('origin', { contentType: '', contentDisposition: '', cacheControl: '' }, 60, new Date())).origin
    : undefined

  const store: ObjectStore = {
    kind: 's3',
    readOrigin,

    async put(key, body, meta) {
      if (body instanceof Readable && meta.size === undefined) throw new Error('a stream is stored with its size')
      await client.send(new PutObjectCommand({ Bucket, Key: key, Body: body, ContentType: meta.contentType, ContentLength: meta.size }))
    },

    async putFile(key, file, meta) {
      const { size } = await stat(file)
      await store.put(key, createReadStream(file), { contentType: meta.contentType, size })
      await rm(file, { force: true })
    },

    async get(key, range) {
      // The last n bytes: asked for by their offsets (not every S3-compatible server knows `bytes=-n`).
      if (range && 'suffix' in range) {
        const found = await store.stat(key)
        if (!found) return null
        return store.get(key, rangeWithin(range, found.size) ?? undefined)
      }
      const Range = rangeHeader(range)
      try {
        return await object(await client.send(new GetObjectCommand({ Bucket, Key: key, Range })))
      } catch (err) {
        if (isNotFound(err)) return null
        // A range outside the object: the whole object instead (a server may ignore Range).
        if (Range && isBadRange(err)) return store.get(key)
        throw err
      }
    },

    async stat(key) {
      try {
        const head = await client.send(new HeadObjectCommand({ Bucket, Key: key }))
        return { key, size: head.ContentLength ?? 0, modified: head.LastModified ?? new Date(0) }
      } catch (err) {
        if (isNotFound(err)) return null
        throw err
      }
    },

    async delete(key) {
      await client.send(new DeleteObjectCommand({ Bucket, Key: key }))
    },

    async *list(folder) {
      const Prefix = folder.replace(/\/?$/, '/')
      let ContinuationToken: string | undefined
      do {
        const page = await client.send(new ListObjectsV2Command({ Bucket, Prefix, Delimiter: '/', ContinuationToken }))
        for (const item of page.Contents ?? [])
          if (item.Key) yield { key: item.Key, size: item.Size ?? 0, modified: item.LastModified ?? new Date(0) }
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined
      } while (ContinuationToken)
    },

    async close() {
      client.destroy()
    },
  }
  if (settings.presignedReads) {
    store.readUrl = (key, options, minSeconds) => {
      const windowStart = Math.floor(Date.now() / 1000 / READ_URL_WINDOW_SECONDS) * READ_URL_WINDOW_SECONDS
      return signedGet(key, options, READ_URL_WINDOW_SECONDS + minSeconds, new Date(windowStart * 1000))
    }
  }
  return store
}
