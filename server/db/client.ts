import { mkdir, readdir, rename, rm } from 'node:fs/promises'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import type { ExtractTablesWithRelations } from 'drizzle-orm'
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core'
import type { PGlite } from '@electric-sql/pglite'
import { lockDataDir } from './data-dir-lock'
import type { PgliteThread } from './pglite-thread'
import { copyFolder, ensureTemplate, findTemplate } from './pglite-template'
import * as schema from './schema'

export type Schema = typeof schema
/** The database as services see it: the same drizzle API over PGlite or PostgreSQL. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>
/** Anything a query can run on: the database or an open transaction. */
export type Executor = Db | Tx
export type DbKind = 'pglite' | 'postgres'

/**
 * A hot statement with its text fixed at start: PostgreSQL parses and plans it once per connection
 * (node-postgres' named statements) instead of on every call; PGlite runs the same text.
 */
export interface PreparedStatement {
  name: string
  text: string
}

/**
 * Runs a prepared statement with its `$n` values. With `check`, it runs in a transaction that
 * commits only when `check(rows)` returns (a throw rolls it back and is rethrown).
 */
export type RunPrepared = <Row>(statement: PreparedStatement, values: unknown[], check?: (rows: Row[]) => void) => Promise<Row[]>

/** How an embedded database came to be: opened as it was, copied from a template, or made from nothing (initdb). */
export type PgliteOrigin = 'existing' | 'template' | 'initdb'

export interface Database {
  db: Db
  kind: DbKind
  /** PGlite only. */
  origin?: PgliteOrigin
  run: RunPrepared
  close(): Promise<void>
}

export const MIGRATIONS_FOLDER = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations')

/** Any constant works; it only has to be the same on every node sharing the database. */
const MIGRATION_LOCK_KEY = 727_274_001

export interface DatabaseOptions {
  /** PostgreSQL; otherwise the embedded PGlite. */
  databaseUrl?: string
  /** PGlite's data dir ('memory://' for a throwaway one). */
  pgliteDir: string
  /** Where `npm run build` leaves migrated PGlite templates (pglite-template.ts): a new data dir starts as a copy of the current one. */
  pgliteTemplates?: string
  onQuery?: (sql: string) => void
}

/**
 * Opens the database and applies the committed migrations: PostgreSQL when a URL is given,
 * otherwise an embedded PGlite in `pgliteDir`.
 */
export async function openDatabase(opts: DatabaseOptions): Promise<Database> {
  const logger = opts.onQuery ? { logQuery: (sql: string) => opts.onQuery!(sql) } : undefined
  if (opts.databaseUrl) {
    const [{ default: pg }, { drizzle }, { migrate }] = await Promise.all([
      import('pg'),
      import('drizzle-orm/node-postgres'),
      import('drizzle-orm/node-postgres/migrator'),
    ])
    // Connections stay open through a quiet minute (node-postgres closes them after 10 s by default):
    // a new one costs a server process, cold caches and preparing the hot statements again.
    const pool = new pg.Pool({ connectionString: opts.databaseUrl, max: 10, idleTimeoutMillis: 60_000 })
    const db = drizzle({ client: pool, schema, logger })
    // Nodes starting together take turns: the lock is held on its own connection while the pool migrates.
    const lock = await pool.connect()
    try {
      await lock.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY])
      await migrate(db, { migrationsFolder: MIGRATIONS_FOLDER })
    } finally {
      await lock.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => undefined)
      lock.release()
    }
    const run: RunPrepared = async <Row>(statement: PreparedStatement, values: unknown[], check?: (rows: Row[]) => void) => {
      opts.onQuery?.(statement.text)
      const query = { name: statement.name, text: statement.text, values }
      if (!check) return (await pool.query(query)).rows as Row[]
      const client = await pool.connect()
      try {
        await client.query('begin')
        const rows = (await client.query(query)).rows as Row[]
        check(rows)
        await client.query('commit')
        return rows
      } catch (err) {
        await client.query('rollback').catch(() => undefined)
        throw err
      } finally {
        client.release()
      }
    }
    return { db, kind: 'postgres', run, close: () => pool.end() }
  }

  const [{ drizzle }, { migrate }, { startPgliteThread }] = await Promise.all([
    import('drizzle-orm/pglite'),
    import('drizzle-orm/pglite/migrator'),
    import('./pglite-thread'),
  ])
  const onDisk = !opts.pgliteDir.startsWith('memory://')
  if (onDisk) await mkdir(path.dirname(opts.pgliteDir), { recursive: true })
  // One process at a time: two PGlite instances writing one directory corrupt it.
  const lock = onDisk ? await lockDataDir(opts.pgliteDir) : null
  let thread: PgliteThread
  let origin: PgliteOrigin = 'existing'
  try {
    if (onDisk && (await isEmpty(opts.pgliteDir)))
      origin = (await copyTemplate(opts.pgliteDir, opts.pgliteTemplates)) ? 'template' : 'initdb'
    // PGlite runs in a worker thread: the event loop stays free for HTTP and sockets.
    thread = await startPgliteThread(opts.pgliteDir)
  } catch (err) {
    await lock?.release()
    throw err
  }
  const close = async () => {
    await thread.close()
    await lock?.release()
  }
  const db = drizzle({ client: thread.client as unknown as PGlite, schema, logger })
  try {
    await migrate(db, { migrationsFolder: MIGRATIONS_FOLDER })
  } catch (err) {
    await close()
    throw err
  }
  const run: RunPrepared = async <Row>(statement: PreparedStatement, values: unknown[], check?: (rows: Row[]) => void) => {
    opts.onQuery?.(statement.text)
    if (!check) return (await thread.client.prepared(statement.name, statement.text, values)).rows as Row[]
    return thread.client.transaction(async (tx) => {
      const rows = (await tx.query(statement.text, values)).rows as Row[]
      check(rows)
      return rows
    })
  }
  return { db, kind: 'pglite', origin, run, close }
}

/** A data dir not made yet: missing, or an empty folder. */
const isEmpty = (dir: string) =>
  readdir(dir).then(
    (names) => names.length === 0,
    (err: NodeJS.ErrnoException) => {
      if (err.code === 'ENOENT') return true
      throw err
    },
  )

/**
 * Makes `pgliteDir` a copy of the current migrations' template under `templates`, if there is one:
 * copied beside it and renamed into place, so an interrupted copy leaves no half database behind.
 */
async function copyTemplate(pgliteDir: string, templates: string | undefined): Promise<boolean> {
  const template = templates ? await findTemplate(templates, MIGRATIONS_FOLDER) : null
  if (!template) return false
  const copying = `${pgliteDir}.copying`
  await rm(copying, { recursive: true, force: true })
  await copyFolder(template, copying)
  await rm(pgliteDir, { recursive: true, force: true })
  await rename(copying, pgliteDir)
  return true
}

/**
 * The migrated template for the current migrations under `root` (pglite-template.ts), made once
 * (initdb and every migration, seconds) and then reused: `npm run build` keeps one in build/, the
 * server tests one in the temp folder. Returns the folder holding it as `pglite/`.
 */
export const makePgliteTemplate = (root: string, opts: { prune?: boolean } = {}) =>
  ensureTemplate(
    root,
    MIGRATIONS_FOLDER,
    async (pgliteDir) => {
      const made = await openDatabase({ pgliteDir })
      await made.close()
    },
    opts,
  )
