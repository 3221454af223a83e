import { readFile, unlink, writeFile } from 'node:fs/promises'
import { hostname } from 'node:os'

/** Who holds a data directory: written into its lock file. */
interface Holder {
  pid: number
  host: string
  since: string
}

export interface DataDirLock {
  /** Removes the lock file (when it is still this holder's). */
  release(): Promise<void>
}

/** Lock files this process holds: a second open of one directory in the same process is refused too. */
const heldHere = new Set<string>()

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (err) {
    // EPERM: it runs, as another user.
    return (err as NodeJS.ErrnoException).code === 'EPERM'
  }
}

/** The recorded holder, null when the file says nothing readable, undefined when there is no file. */
async function holderOf(file: string): Promise<Holder | null | undefined> {
  let text: string
  try {
    text = await readFile(file, 'utf8')
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined
    throw err
  }
  try {
    const holder = JSON.parse(text) as Partial<Holder>
    return typeof holder.pid === 'number' && typeof holder.host === 'string'
      ? { pid: holder.pid, host: holder.host, since: String(holder.since ?? '') }
      : null
  } catch {
    // Empty while its holder is still writing it, or damaged.
    return null
  }
}

/**
 * Whether a lock's holder may still be running. On another host nobody can tell; on this one, a
 * process that has ended has not (nor a former process with this process' pid, e.g. pid 1 in a
 * restarted container).
 */
function mayRun(file: string, holder: Holder | null): boolean {
  if (!holder || holder.host !== hostname()) return true
  if (holder.pid === process.pid) return heldHere.has(file)
  return isAlive(holder.pid)
}

const inUse = (dir: string, file: string, holder: Holder | null) =>
  new Error(
    `The embedded database ${dir} is in use by another Workroom server` +
      (holder ? ` (pid ${holder.pid} on ${holder.host}, since ${holder.since})` : '') +
      `. Two servers writing one PGlite directory corrupt it: stop the other one, or give this one its own DATA_DIR. ` +
      `If no other server runs, delete ${file}.`,
  )

/**
 * An exclusive lock on a PGlite data directory for this process: the file `<dir>.lock` holds the
 * owner's pid and host. A lock whose process has ended (on this host) is taken over; any other is
 * refused with a message saying who holds it.
 */
export async function lockDataDir(dir: string): Promise<DataDirLock> {
  const file = `${dir}.lock`
  const me: Holder = { pid: process.pid, host: hostname(), since: new Date().toISOString() }
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      await writeFile(file, JSON.stringify(me), { flag: 'wx' })
      heldHere.add(file)
      return {
        async release() {
          heldHere.delete(file)
          const holder = await holderOf(file)
          if (holder?.pid === me.pid && holder.since === me.since) await unlink(file).catch(() => undefined)
        },
      }
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err
    }
    const holder = await holderOf(file)
    if (holder === undefined) continue
    if (mayRun(file, holder)) throw inUse(dir, file, holder)
    // An ended process' lock: removed unless someone took it over meanwhile.
    if ((await holderOf(file))?.since === holder!.since) await unlink(file).catch(() => undefined)
  }
  throw inUse(dir, file, null)
}
