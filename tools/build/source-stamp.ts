import { createHash } from 'node:crypto'
import { readdir, readFile, stat } from 'node:fs/promises'
import path from 'node:path'

/**
 * A hash over the contents (and names) of files and folders, relative to `root`: what a build read.
 * Missing paths count as missing; `extra` adds values that are not files (e.g. VITE_* variables).
 */
export async function sourceStamp(root: string, paths: readonly string[], extra: readonly string[] = []): Promise<string> {
  const hash = createHash('sha256')
  for (const value of extra) hash.update(`${value}\0`)
  for (const entry of [...paths].sort()) {
    const full = path.join(root, entry)
    const info = await stat(full).catch(() => null)
    if (!info) {
      hash.update(`missing ${entry}\0`)
      continue
    }
    const files = info.isDirectory() ? (await readdir(full, { recursive: true })).map((f) => path.join(entry, f)).sort() : [entry]
    for (const file of files) {
      const abs = path.join(root, file)
      if (!(await stat(abs)).isFile()) continue
      hash
        .update(`${file.split(path.sep).join('/')}\0`)
        .update(await readFile(abs))
        .update('\0')
    }
  }
  return hash.digest('hex')
}
