import { cp, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { type SQL, sql } from 'drizzle-orm'
import { afterEach, describe, expect, it } from 'vitest'
import { type Database, MIGRATIONS_FOLDER, openDatabase } from '../../server/db/client'
import { findTemplate, templateStamp } from '../../server/db/pglite-template'
import { DATABASE_URL, pgliteTemplate } from './harness'

const dirs: string[] = []
afterEach(async () => {
  for (const dir of dirs.splice(0)) await rm(dir, { recursive: true, force: true })
})
/** The rows a raw query answers (drizzle types them per driver). */
const rowsOf = async (db: Database, query: SQL) => ((await db.db.execute(query)) as unknown as { rows: unknown[] }).rows

const tempDir = async (tag: string) => {
  const dir = await mkdtemp(path.join(tmpdir(), `workroom-${tag}-`))
  dirs.push(dir)
  return dir
}

describe('a migrated template stands in for initdb on a new PGlite data dir', () => {
  it('is named by the migrations: a changed or added migration names another template', async () => {
    const migrations = await tempDir('migrations')
    await cp(MIGRATIONS_FOLDER, migrations, { recursive: true })
    const first = await templateStamp(migrations)
    expect(await templateStamp(migrations)).toBe(first)
    const [name] = (await readdir(migrations)).filter((f) => f.endsWith('.sql'))
    await writeFile(path.join(migrations, name!), '-- changed\n', { flag: 'a' })
    const changed = await templateStamp(migrations)
    expect(changed).not.toBe(first)
    await writeFile(path.join(migrations, '9999_later.sql'), 'select 1;\n')
    expect(await templateStamp(migrations)).not.toBe(changed)
    // The harness' template is of the real migrations: not found for the changed ones.
    const root = path.dirname(await pgliteTemplate())
    expect(await findTemplate(root, MIGRATIONS_FOLDER)).toBe(path.join(await pgliteTemplate(), 'pglite'))
    expect(await findTemplate(root, migrations)).toBeNull()
  })

  it.skipIf(DATABASE_URL)(
    'a new data dir starts as a copy of the template (migrated, writable, the template untouched); reopened, it is used as it is',
    { timeout: 180_000 },
    async () => {
      const root = path.dirname(await pgliteTemplate())
      const pgliteDir = path.join(await tempDir('from-template'), 'pglite')
      const db = await openDatabase({ pgliteDir, pgliteTemplates: root })
      try {
        expect(db.origin).toBe('template')
        await db.db.execute(sql`create table copied_here (id int)`)
      } finally {
        await db.close()
      }
      expect(await readdir(path.dirname(pgliteDir))).toEqual(['pglite']) // no copy left half-way beside it
      const again = await openDatabase({ pgliteDir, pgliteTemplates: root })
      try {
        expect(again.origin).toBe('existing')
        expect(await rowsOf(again, sql`select to_regclass('copied_here') as t`)).toEqual([{ t: 'copied_here' }])
      } finally {
        await again.close()
      }
      const template = await openDatabase({ pgliteDir: path.join(await tempDir('template-copy'), 'pglite'), pgliteTemplates: root })
      try {
        expect(await rowsOf(template, sql`select to_regclass('copied_here') as t`)).toEqual([{ t: null }])
        expect(await rowsOf(template, sql`select count(*)::int as n from users`)).toEqual([{ n: 0 }])
      } finally {
        await template.close()
      }
    },
  )

  it.skipIf(DATABASE_URL)(
    'without a template for the current migrations, the data dir is made from nothing',
    { timeout: 180_000 },
    async () => {
      const pgliteDir = path.join(await tempDir('no-template'), 'pglite')
      const db = await openDatabase({ pgliteDir, pgliteTemplates: await tempDir('empty-root') })
      try {
        expect(db.origin).toBe('initdb')
        expect(await rowsOf(db, sql`select count(*)::int as n from users`)).toEqual([{ n: 0 }])
      } finally {
        await db.close()
      }
    },
  )
})
