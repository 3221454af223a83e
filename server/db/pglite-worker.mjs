// The embedded database in a thread of its own: PGlite (Postgres compiled to WASM) runs here, so
// its work does not hold up the server's event loop. pglite-thread.ts is the other side; it sends
// { id, type: 'query' | 'begin' | 'commit' | 'rollback' | 'close', ... } and gets { id, result } or
// { id, error }. Plain JavaScript: a worker runs outside the TypeScript loader of tests and tools.
import { parentPort, workerData } from 'node:worker_threads'
import { PGlite, types } from '@electric-sql/pglite'

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

const ROLLBACK = Symbol('rollback')
const ERROR_FIELDS = ['name', 'message', 'code', 'detail', 'hint', 'severity', 'constraint', 'table', 'column', 'schema', 'dataType', 'position', 'where']

const db = await PGlite.create(workerData.dataDir)
/** Open transactions by id: the PGlite transaction and how to end it. */
const transactions = new Map()

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
      const { rows, fields, affectedRows } = await runner.query(msg.sql, msg.params, { rowMode: msg.rowMode, parsers })
      return { rows, fields, affectedRows }
    }
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
