import { randomBytes } from 'node:crypto'
import { createReadStream, createWriteStream } from 'node:fs'
import { mkdir, readdir, rename, rm, stat, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import { rangeWithin } from './byte-range'
import type { ObjectInfo, ObjectStore, StoredObject } from './object-store'

/** A key's path segments: no empty, `.` or `..` segment, no backslash or NUL (a key never leaves the root). */
const SEGMENT = /^(?!\.\.?$)[^/\\\0]+$/

/**
 * Objects as files under `root` (DATA_DIR/media, or a MEDIA_DIR that every node mounts): key
 * `files/<name>` is `<root>/files/<name>`. Writes go to a temp name beside the file, then a rename.
 */
export function createLocalStore(root: string): ObjectStore {
  const pathOf = (key: string) => {
    const segments = key.split('/')
    if (!segments.every((s) => SEGMENT.test(s))) throw new Error(`not a storage key: ${JSON.stringify(key)}`)
    return path.join(root, ...segments)
  }
  /** `<file>.<8 hex>.part`: the orphan sweep knows such a name belongs to `<file>`. */
  const tempOf = (file: string) => `${file}.${randomBytes(4).toString('hex')}.part`
  const info = async (key: string, file: string): Promise<ObjectInfo | null> => {
    const s = await stat(file).catch(() => null)
    return s?.isFile() ? { key, size: s.size, modified: s.mtime } : null
  }

  return {
    kind: 'local',

    async put(key, body) {
      const file = pathOf(key)
      await mkdir(path.dirname(file), { recursive: true })
      const temp = tempOf(file)
      try {
        if (body instanceof Readable) await pipeline(body, createWriteStream(temp))
        else await writeFile(temp, body)
        await rename(temp, file)
      } catch (err) {
        await rm(temp, { force: true })
        throw err
      }
    },

    async putFile(key, source) {
      const file = pathOf(key)
      await mkdir(path.dirname(file), { recursive: true })
      // Upload temp files live in <root>/tmp: the same disk, so keeping one is a rename.
      await rename(source, file)
    },

    async get(key, range) {
      const file = pathOf(key)
      const found = await info(key, file)
      if (!found) return null
      const part = range && rangeWithin(range, found.size)
      const object: StoredObject = { body: createReadStream(file, part ?? {}), size: found.size }
      return part ? { ...object, range: part } : object
    },

    stat: (key) => info(key, pathOf(key)),

    async delete(key) {
      await rm(pathOf(key), { force: true })
    },

    async *list(folder) {
      const dir = pathOf(folder.replace(/\/$/, ''))
      for (const name of await readdir(dir).catch(() => [] as string[])) {
        const found = await info(`${folder.replace(/\/?$/, '/')}${name}`, path.join(dir, name))
        if (found) yield found
      }
    },

    async close() {},
  }
}
