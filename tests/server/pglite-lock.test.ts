import { execFile } from 'node:child_process'
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { hostname, tmpdir } from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import { afterEach, describe, expect, it } from 'vitest'
import { startServer } from '../../server/app'
import { openDatabase } from '../../server/db/client'
import { DATABASE_URL, pgliteTemplate, startTestServer } from './harness'

const run = promisify(execFile)
const dirs: string[] = []
afterEach(async () => {
  for (const dir of dirs.splice(0)) await rm(dir, { recursive: true, force: true })
})
/** A migrated PGlite directory of its own (a copy of the harness' template: no initdb). */
const pgliteDirCopy = async () => {
  const dir = await mkdtemp(path.join(tmpdir(), 'workroom-lock-'))
  dirs.push(dir)
  await cp(await pgliteTemplate(), dir, { recursive: true })
  return path.join(dir, 'pglite')
}

/** Opens the embedded database in `pgliteDir` from another Node process (pglite-lock-child.ts). */
const openElsewhere = (pgliteDir: string) =>
  run(process.execPath, ['--import', 'tsx', path.join(import.meta.dirname, 'pglite-lock-child.ts'), pgliteDir], { timeout: 120_000 }).then(
    ({ stdout }) => ({ code: 0, out: stdout }),
    (err: { code: number; stderr: string }) => ({ code: err.code, out: err.stderr }),
  )

const IN_USE = /is in use by another Workroom server/

// Each test opens PGlite two or three times (seconds each on a busy machine).
const lockHolder = async (pgliteDir: string) =>
  JSON.parse(await readFile(`${pgliteDir}.lock`, 'utf8')) as { pid: number; host: string; since: string }

describe('one process at a time opens a PGlite data directory', { timeout: 180_000 }, () => {
  it('a second process is refused with a clear message while the first has it open, and starts once it has closed', async () => {
    const pgliteDir = await pgliteDirCopy()
    const first = await openDatabase({ pgliteDir })
    let closed = false
    try {
      const refused = await openElsewhere(pgliteDir)
      expect(refused.code).toBe(1)
      expect(refused.out).toMatch(IN_USE)
      expect(refused.out).toContain(`pid ${process.pid}`)
      expect(refused.out).toContain(`${pgliteDir}.lock`)
      await first.close()
      closed = true
      expect(await openElsewhere(pgliteDir)).toEqual({ code: 0, out: 'opened\n' })
    } finally {
      if (!closed) await first.close()
    }
  })

  it.skipIf(DATABASE_URL)('a second server on the same data dir does not start; after the first closes it does', async () => {
    const first = await startTestServer()
    const options = {
      dataDir: first.dataDir,
      port: 0,
      host: '127.0.0.1',
      logger: false,
      jwtSecret: 'test-secret-test-secret-test-secret-0123456789',
    }
    try {
      await expect(startServer(options)).rejects.toThrow(IN_USE)
      expect((await fetch(`${first.url}/api/health`)).status).toBe(200)
    } finally {
      await first.close()
    }
    dirs.push(first.dataDir)
    const second = await startServer(options)
    await second.close()
  })

  it('a lock left by a process that has ended is taken over', async () => {
    const pgliteDir = await pgliteDirCopy()
    const { stdout } = await run(process.execPath, ['-e', 'console.log(process.pid)'])
    const ended = Number(stdout.trim())
    const stale = new Date(Date.now() - 60_000).toISOString()
    await writeFile(`${pgliteDir}.lock`, JSON.stringify({ pid: ended, host: hostname(), since: stale }))
    const db = await openDatabase({ pgliteDir })
    // The lock is this process' now: a new one, not the ended process' left in place.
    expect(await lockHolder(pgliteDir)).toMatchObject({ pid: process.pid, host: hostname() })
    expect((await lockHolder(pgliteDir)).since).not.toBe(stale)
    await db.close()
    await expect(readFile(`${pgliteDir}.lock`, 'utf8')).rejects.toMatchObject({ code: 'ENOENT' })
    // The same pid as this process (a restarted container's pid 1), not held here: a previous run's.
    await writeFile(`${pgliteDir}.lock`, JSON.stringify({ pid: process.pid, host: hostname(), since: stale }))
    const again = await openDatabase({ pgliteDir })
    expect((await lockHolder(pgliteDir)).since).not.toBe(stale)
    await again.close()
  })

  it('a lock of a running process (here: this one, through another open) is not taken over, even in the same process', async () => {
    const pgliteDir = await pgliteDirCopy()
    const first = await openDatabase({ pgliteDir })
    try {
      await expect(openDatabase({ pgliteDir })).rejects.toThrow(IN_USE)
    } finally {
      await first.close()
    }
  })
})
