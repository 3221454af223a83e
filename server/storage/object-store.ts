import path from 'node:path'
import type { Readable } from 'node:stream'
import type { Config } from '../config'
import type { RangeRequest } from './byte-range'
import { createLocalStore } from './local-store'

/** A stored object being read. */
export interface StoredObject {
  body: Readable
  /** The whole object's size. */
  size: number
  /** The part `body` holds (both ends included) when a range was asked for and could be served; else `body` is the whole object. */
  range?: { start: number; end: number }
}

export interface ObjectInfo {
  key: string
  size: number
  modified: Date
}

/** What a browser gets when it follows a read URL. */
export interface ReadUrlOptions {
  contentType: string
  contentDisposition: string
  cacheControl: string
}

/**
 * Where media bytes live: a directory (DATA_DIR/media, or MEDIA_DIR that every node mounts) or an
 * S3-compatible bucket (S3_*). Keys are relative paths such as `files/<name>` and `avatars/<name>`.
 */
export interface ObjectStore {
  readonly kind: 'local' | 's3'
  /** Stores the bytes under `key`, whole or not at all: a reader never sees part of them. A stream needs its `size`. */
  put(key: string, body: Buffer | Readable, meta: { contentType: string; size?: number }): Promise<void>
  /** Stores a finished file of this machine under `key`; the file is gone afterwards (on disk it is moved, not copied). */
  putFile(key: string, file: string, meta: { contentType: string }): Promise<void>
  /** The object (or the asked range of it, when it can be served); null when there is none. */
  get(key: string, range?: RangeRequest): Promise<StoredObject | null>
  stat(key: string): Promise<ObjectInfo | null>
  /** Deletes the object; nothing happens when there is none. */
  delete(key: string): Promise<void>
  /** The objects directly under `folder` (`files/`), not in its subfolders. */
  list(folder: string): AsyncIterable<ObjectInfo>
  /**
   * A URL the browser reads the object from by itself, valid at least `minSeconds` (S3 with
   * S3_PRESIGNED_READS); absent when reads stream through the server.
   */
  readUrl?(key: string, options: ReadUrlOptions, minSeconds: number): Promise<string>
  /** The origin of those read URLs, for the pages' Content-Security-Policy. */
  readonly readOrigin?: string
  close(): Promise<void>
}

/** The store the configuration picks: S3 when S3_BUCKET is set, else the media directory. */
export async function createObjectStore(config: Pick<Config, 'mediaDir' | 's3'>): Promise<ObjectStore> {
  if (!config.s3) return createLocalStore(config.mediaDir)
  // The AWS SDK loads only when it is used: start-up without S3 does not pay for it.
  const { createS3Store } = await import('./s3-store')
  return createS3Store(config.s3)
}

/**
 * Why files uploaded on one node may not load on another, or null: several nodes (DATABASE_URL or
 * REDIS_URL) while media stay in this node's DATA_DIR (no MEDIA_DIR, no S3_BUCKET).
 */
export function mediaSharingWarning(config: Pick<Config, 'dataDir' | 'mediaDir' | 's3' | 'databaseUrl' | 'redisUrl'>): string | null {
  if (config.s3 || !(config.databaseUrl || config.redisUrl)) return null
  if (path.resolve(config.mediaDir) !== path.join(config.dataDir, 'media')) return null
  return (
    `media are kept in DATA_DIR (${config.mediaDir}) while DATABASE_URL/REDIS_URL are set: with several nodes, ` +
    'a file uploaded on one node does not load on another unless every node shares that directory. ' +
    'Set MEDIA_DIR to a directory every node mounts, or S3_BUCKET (and the other S3_* settings).'
  )
}
