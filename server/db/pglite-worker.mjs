// The embedded database in a thread of its own: PGlite (Postgres compiled to WASM) runs here, so
// its work does not hold up the server's event loop. pglite-thread.ts is the other side; it sends
// { id, type: 'query' | 'prepared' | 'begin' | 'commit' | 'rollback' | 'close', ... } and gets
// { id, result } or { id, error }. A result is its rows and count only: drizzle maps rows by its own
// field list, so the columns' descriptions are not copied across threads with every answer. Plain JavaScript: a worker runs outside the TypeScript loader of tests and tools.
import { readlinkSync } from 'node:fs'
import { setPriority } from 'node:os'
import { parentPort, workerData } from 'node:worker_threads'
import { PGlite, parse, protocol, types } from '@electric-sql/pglite'
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm'
import { unaccent } from '@electric-sql/pglite/contrib/unaccent'

// What drizzle asks of PGlite: dates, times and intervals as the text Postgres sends.
const asText = (value) => value
const parsers = {
  [types.TIMESTAMP]: asText,
  [types.TIMESTAMPTZ]: asText,
  [types.INTERVAL]: asText,
  [types.DATE]: asText,
  1231: asText, // numeric[]
  1115: asText, // timestamp[]
  1185: asText, // timestamptz[]
  1187: asText, // interval[]
  1182: asText, // date[]
}

/**
 * This thread's nice value (Linux gives each thread its own): below the event loop's, so that waking
 * it for a statement does not pre-empt the thread writing to sockets when the cores are busy. In the
 * fan-out bench on 2 cores, nice 5 took the median p99 from 3.2-5.4x the raw broadcast's (four runs)
 * to 2.0-2.5x (two runs); at 19 the statements waited for a core instead. Set once the database is
 * open: until then nothing is served, and opening it is the longest part of a start.
 */
const DATABASE_THREAD_NICE = 5

function yieldToTheEventLoop() {
  try {
    setPriority(Number(readlinkSync('/proc/thread-self').split('/').pop()), DATABASE_THREAD_NICE)
  } catch {
    // No /proc/thread-self (not Linux): threads share the process' priority there.
  }
}

const ROLLBACK = Symbol('rollback')
const ERROR_FIELDS = [
  'name',
  'message',
  'code',
  'detail',
  'hint',
  'severity',
  'constraint',
  'table',
  'column',
  'schema',
  'dataType',
  'position',
  'where',
]

// Search (server/modules/search) folds accents with unaccent and matches through pg_trgm indexes;
// the migration creates both extensions, which PGlite must have loaded to offer them.
const db = await PGlite.create(workerData.dataDir, { extensions: { pg_trgm, unaccent } })
yieldToTheEventLoop()
/** Open transactions by id: the PGlite transaction and how to end it. */
const transactions = new Map()
/** Named statements parsed in this session, with their parameters' type ids. */
const prepared = new Map()

const send = (message) => db.execProtocolStream(message, { syncToFs: false })

/** Parses and describes `name` once; later runs only bind and execute it. */
async function parameterTypes(name, sql) {
  if (!prepared.has(name)) {
    await send(protocol.serialize.parse({ name, text: sql }))
    prepared.set(name, parse.parseDescribeStatementResults(await send(protocol.serialize.describe({ type: 'S', name }))))
  }
  return prepared.get(name)
}

/**
 * A named statement: Postgres parses and plans it once per database instead of on every run (what
 * node-postgres does per connection). Like a plain query, it waits for any open transaction.
 */
function runPrepared({ name, sql, params }) {
  return db._runExclusiveTransaction(() =>
    db.runExclusive(async () => {
      const messages = []
      try {
        const types = await parameterTypes(name, sql)
        const values = params.map((value, i) => (value == null ? null : (db.serializers[types[i]]?.(value) ?? String(value))))
        messages.push(...(await send(protocol.serialize.bind({ statement: name, values }))))
        messages.push(...(await send(protocol.serialize.describe({ type: 'P' }))))
        messages.push(...(await send(protocol.serialize.execute({}))))
      } finally {
        messages.push(...(await send(protocol.serialize.sync())))
      }
      await db.syncToFs()
      const { rows, affectedRows } = parse.parseResults(messages, db.parsers, { parsers })[0]
      return { rows, affectedRows }
    }),
  )
}

const reply = (id, result) => parentPort.postMessage({ id, result })
const fail = (id, err) => {
  const error = {}
  for (const field of ERROR_FIELDS) if (err?.[field] !== undefined) error[field] = err[field]
  error.message ??= String(err)
  parentPort.postMessage({ id, error })
}

async function handle(msg) {
  switch (msg.type) {
    case 'query': {
      const runner = msg.txId === undefined ? db : transactions.get(msg.txId)?.tx
      if (!runner) throw new Error(`no open transaction ${msg.txId}`)
      const { rows, affectedRows } = await runner.query(msg.sql, msg.params, { rowMode: msg.rowMode, parsers })
      return { rows, affectedRows }
    }
    case 'prepared':
      return runPrepared(msg)
    case 'begin': {
      // Answers once PGlite has started the transaction (after any other one ended).
      return new Promise((started, failed) => {
        const entry = {}
        entry.done = db
          .transaction(
            (tx) =>
              new Promise((commit, rollback) => {
                entry.tx = tx
                entry.end = (ok) => (ok ? commit() : rollback(ROLLBACK))
                transactions.set(msg.txId, entry)
                started({})
              }),
          )
          .catch((err) => {
            if (err !== ROLLBACK) throw err
          })
        entry.done.catch(failed)
      })
    }
    case 'commit':
    case 'rollback': {
      const entry = transactions.get(msg.txId)
      if (!entry) throw new Error(`no open transaction ${msg.txId}`)
      transactions.delete(msg.txId)
      entry.end(msg.type === 'commit')
      await entry.done
      return {}
    }
    case 'close':
      await db.close()
      return {}
    default:
      throw new Error(`unknown request ${msg.type}`)
  }
}

parentPort.on('message', (msg) => {
  handle(msg).then(
    (result) => reply(msg.id, result),
    (err) => fail(msg.id, err),
  )
})
parentPort.postMessage({ ready: true })
