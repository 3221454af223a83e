import { Worker } from 'node:worker_threads'

/** A query's answer: PGlite's rows and count (drizzle maps the rows by its own field list). */
export interface QueryResult {
  rows: unknown[]
  affectedRows?: number
}

interface QueryOptions {
  rowMode?: 'array' | 'object'
}

/** What drizzle's PGlite session calls on its client (and on a transaction's). */
export interface ThreadClient {
  query(sql: string, params?: unknown[], options?: QueryOptions): Promise<QueryResult>
  transaction<T>(fn: (tx: Pick<ThreadClient, 'query'>) => Promise<T>): Promise<T>
  /** Runs a named statement: parsed and planned on its first run, only bound and executed after. */
  prepared(name: string, sql: string, params: unknown[]): Promise<QueryResult>
}

export interface PgliteThread {
  client: ThreadClient
  close(): Promise<void>
}

type Request =
  | { type: 'query'; sql: string; params: unknown[]; rowMode: 'array' | 'object'; txId?: number }
  | { type: 'prepared'; name: string; sql: string; params: unknown[] }
  | { type: 'begin' | 'commit' | 'rollback'; txId: number }
  | { type: 'close' }

type Reply = { id: number; result: unknown; error?: undefined } | { id: number; error: Record<string, unknown> & { message: string } }

/** A database error from the thread, with Postgres' fields (code, constraint, detail, …). */
function databaseError(fields: Record<string, unknown> & { message: string }): Error {
  return Object.assign(new Error(fields.message), fields)
}

/**
 * PGlite in a worker thread (pglite-worker.mjs): its CPU time leaves the event loop that serves
 * HTTP and sockets. Queries and transactions keep PGlite's order: one transaction at a time,
 * other queries wait for it.
 */
export async function startPgliteThread(dataDir: string): Promise<PgliteThread> {
  const worker = new Worker(new URL('./pglite-worker.mjs', import.meta.url), { workerData: { dataDir } })
  const pending = new Map<number, { resolve(value: unknown): void; reject(err: Error): void }>()
  let nextId = 1
  let nextTx = 1
  let stopped: Error | null = null

  const stop = (err: Error) => {
    stopped ??= err
    for (const waiter of pending.values()) waiter.reject(stopped)
    pending.clear()
  }
  await new Promise<void>((resolve, reject) => {
    const early = (err: Error) => reject(new Error(`the embedded database did not start: ${err.message}`))
    worker.once('error', early)
    worker.once('message', () => {
      worker.off('error', early)
      resolve()
    })
  })
  worker.on('message', (reply: Reply) => {
    const waiter = pending.get(reply.id)
    if (!waiter) return
    pending.delete(reply.id)
    if (reply.error) waiter.reject(databaseError(reply.error))
    else waiter.resolve(reply.result)
  })
  worker.on('error', (err) => stop(err))
  worker.on('exit', (code) => stop(new Error(`the embedded database stopped (exit ${code})`)))

  const ask = <T>(request: Request): Promise<T> => {
    if (stopped) return Promise.reject(stopped)
    const id = nextId++
    return new Promise<T>((resolve, reject) => {
      pending.set(id, { resolve: resolve as (value: unknown) => void, reject })
      worker.postMessage({ id, ...request })
    })
  }
  const query =
    (txId: number | undefined) =>
    (sql: string, params: unknown[] = [], options: QueryOptions = {}) =>
      ask<QueryResult>({ type: 'query', sql, params, rowMode: options.rowMode ?? 'object', txId })

  const client: ThreadClient = {
    query: query(undefined),
    prepared: (name, sql, params) => ask<QueryResult>({ type: 'prepared', name, sql, params }),
    async transaction(fn) {
      const txId = nextTx++
      await ask({ type: 'begin', txId })
      let result
      try {
        result = await fn({ query: query(txId) })
      } catch (err) {
        await ask({ type: 'rollback', txId })
        throw err
      }
      await ask({ type: 'commit', txId })
      return result
    },
  }

  return {
    client,
    async close() {
      if (!stopped) await ask({ type: 'close' }).catch(() => undefined)
      stop(new Error('the embedded database is closed'))
      await worker.terminate()
    },
  }
}
