import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type PgliteThread, startPgliteThread } from '../../server/db/pglite-thread'

/** The embedded database's worker thread keeps PGlite's meaning: transactions, errors, order. */
let dir: string
let thread: PgliteThread
beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'workroom-thread-'))
  thread = await startPgliteThread(path.join(dir, 'pglite'))
  await thread.client.query('create table items (id int primary key, name text not null, at timestamptz default now())')
})
afterAll(async () => {
  await thread.close()
  await rm(dir, { recursive: true, force: true })
})

const names = async () => (await thread.client.query('select name from items order by id')).rows.map((r) => (r as { name: string }).name)

describe('PGlite in a worker thread', () => {
  it('answers rows as objects or arrays, with timestamps as the text Postgres sends', async () => {
    await thread.client.query('insert into items (id, name) values ($1, $2)', [1, 'one'])
    const asObjects = await thread.client.query('select id, name, at from items where id = $1', [1])
    expect(asObjects.rows).toEqual([{ id: 1, name: 'one', at: expect.stringMatching(/^\d{4}-\d{2}-\d{2} /) }])
    const asArrays = await thread.client.query('select id, name from items where id = $1', [1], { rowMode: 'array' })
    expect(asArrays.rows).toEqual([[1, 'one']])
  })

  it("passes Postgres' error fields (a unique violation is 23505)", async () => {
    const err = await thread.client.query('insert into items (id, name) values (1, $1)', ['again']).catch((e: unknown) => e)
    expect(err).toBeInstanceOf(Error)
    expect(err).toMatchObject({ code: '23505', constraint: 'items_pkey' })
  })

  it('commits a transaction, and rolls one back when its work throws', async () => {
    await thread.client.transaction(async (tx) => {
      await tx.query("insert into items (id, name) values (2, 'two')")
    })
    await expect(
      thread.client.transaction(async (tx) => {
        await tx.query("insert into items (id, name) values (3, 'three')")
        throw new Error('changed my mind')
      }),
    ).rejects.toThrow('changed my mind')
    expect(await names()).toEqual(['one', 'two'])
  })

  it('a query from outside waits for the open transaction, as in PGlite', async () => {
    const order: string[] = []
    let release!: () => void
    const held = new Promise<void>((r) => (release = r))
    const tx = thread.client.transaction(async (t) => {
      await t.query("insert into items (id, name) values (4, 'four')")
      order.push('tx wrote')
      await held
      order.push('tx ends')
    })
    await new Promise((r) => setTimeout(r, 50))
    const outside = thread.client.query('select count(*)::int as n from items').then((r) => {
      order.push('outside read')
      return (r.rows[0] as { n: number }).n
    })
    await new Promise((r) => setTimeout(r, 50))
    release()
    await tx
    expect(await outside).toBe(3)
    expect(order).toEqual(['tx wrote', 'tx ends', 'outside read'])
  })

  it('runs a named statement again and again with new values, and it waits for an open transaction too', async () => {
    const insert = { name: 'items_insert', sql: 'insert into items (id, name) values ($1, $2) returning id, name' }
    expect((await thread.client.prepared(insert.name, insert.sql, [10, 'ten'])).rows).toEqual([{ id: 10, name: 'ten' }])
    expect((await thread.client.prepared(insert.name, insert.sql, [11, 'eleven'])).rows).toEqual([{ id: 11, name: 'eleven' }])
    const err = await thread.client.prepared(insert.name, insert.sql, [11, 'again']).catch((e: unknown) => e)
    expect(err).toMatchObject({ code: '23505', constraint: 'items_pkey' })

    let release!: () => void
    const held = new Promise<void>((r) => (release = r))
    const tx = thread.client.transaction(async (t) => {
      await t.query("insert into items (id, name) values (12, 'twelve')")
      await held
      throw new Error('rolled back')
    })
    await new Promise((r) => setTimeout(r, 50))
    const outside = thread.client.prepared(insert.name, insert.sql, [13, 'thirteen'])
    await new Promise((r) => setTimeout(r, 50))
    release()
    await expect(tx).rejects.toThrow('rolled back')
    await outside
    expect((await names()).slice(-3)).toEqual(['ten', 'eleven', 'thirteen'])
  })

  it.runIf(process.platform === 'linux')(
    "runs below the event loop's priority (nice 5), so waking it does not pre-empt the server",
    async () => {
      const niceOf = async (task: string) => Number((await readFile(`/proc/self/task/${task}/stat`, 'utf8')).split(') ')[1].split(' ')[16])
      const nices = await Promise.all((await readdir('/proc/self/task')).map(niceOf))
      expect(nices).toContain(5)
      expect(await niceOf(String(process.pid))).toBe(0)
    },
  )

  it('after close every call is refused', async () => {
    const other = await startPgliteThread('memory://')
    await other.close()
    await expect(other.client.query('select 1')).rejects.toThrow('closed')
  })
})
