import { describe, expect, it } from 'vitest'
import { createActor, fromPromise, waitFor } from 'xstate'
import {
  connect,
  pagedListMachine,
  pagedListOf,
  type LoadPageInput,
  type PagedList,
  type PagedListInput,
  type PageOutput,
} from '../../../src/machines/paged-list'

/** A page of `count` items (only the count and the ids matter to the paging rules). */
const pageOf = (count: number, from = 0) => Array.from({ length: count }, (_, i) => ({ _id: `n${from + i}` }))

type Answer = PageOutput | Error

function start(answers: (page: number, asked: LoadPageInput[]) => Answer, input: PagedListInput = { query: {}, lazy: true }) {
  const asked: LoadPageInput[] = []
  const reports: PagedList[] = []
  const actor = createActor(
    pagedListMachine.provide({
      actors: {
        loadPage: fromPromise<PageOutput, LoadPageInput>(async ({ input }) => {
          asked.push(input)
          const answer = answers(input.page, asked)
          if (answer instanceof Error) throw answer
          return answer
        }),
      },
      actions: { report: (_, params: { list: PagedList }) => void reports.push(params.list) },
    }),
    { input },
  ).start()
  /** How many items each page added, from the lists reported once it came. */
  const delivered = () => {
    const counts = reports.filter((r) => r.state === 'idle').map((r) => r.items.length)
    return counts.map((count, i) => count - (counts[i - 1] ?? 0))
  }
  const pages = () => asked.map((input) => input.page)
  return { actor, asked, pages, reports, delivered }
}
const bySizes = (sizes: number[]) => (page: number) => pageOf(sizes[page - 1] ?? 0, (page - 1) * 20)

describe('paged-list machine', () => {
  it('keeps loading while a page holds exactly 20, and stops after a shorter one', async () => {
    const { actor, pages, delivered } = start(bySizes([20, 20, 7]))
    actor.send({ type: 'LOAD_MORE' })
    await waitFor(actor, (s) => s.matches({ ready: 'idle' }) && s.context.more)
    actor.send({ type: 'LOAD_MORE' })
    await waitFor(actor, (s) => s.matches({ ready: 'idle' }) && s.context.pages === 2)
    expect(s(actor).more).toBe(true)
    actor.send({ type: 'LOAD_MORE' })
    await waitFor(actor, (s) => s.matches({ ready: 'idle' }) && !s.context.more)
    actor.send({ type: 'LOAD_MORE' })
    expect(actor.getSnapshot().value).toEqual({ ready: 'idle' })
    expect(pages()).toEqual([1, 2, 3])
    expect(delivered()).toEqual([20, 20, 7])
  })

  it('an empty first page leaves nothing more to load', async () => {
    const { actor, delivered } = start(bySizes([]))
    actor.send({ type: 'LOAD_MORE' })
    await waitFor(actor, (s) => s.matches('ready'))
    expect(s(actor)).toMatchObject({ more: false, items: [] })
    expect(delivered()).toEqual([0])
  })

  it('a page of 19 is the last one', async () => {
    const { actor } = start(bySizes([19]))
    actor.send({ type: 'LOAD_MORE' })
    await waitFor(actor, (s) => !s.matches('loading'))
    expect(actor.getSnapshot().value).toEqual({ ready: 'idle' })
    expect(s(actor).more).toBe(false)
  })

  it('connect: another page may follow only after a full page; its handlers send LOAD_MORE and RETRY', async () => {
    const { actor } = start(bySizes([20, 3]))
    const sent: string[] = []
    const props = () => connect(actor.getSnapshot(), (e) => sent.push(e.type))
    expect(props()).toMatchObject({ loading: false, loadingMore: false, hasMore: false, failed: false })
    actor.send({ type: 'LOAD_MORE' })
    expect(props()).toMatchObject({ loading: true, hasMore: false })
    await waitFor(actor, (s) => s.matches({ ready: 'idle' }))
    expect(props()).toMatchObject({ loading: false, hasMore: true, items: pageOf(20) })
    actor.send({ type: 'LOAD_MORE' })
    expect(props()).toMatchObject({ loadingMore: true, hasMore: true })
    await waitFor(actor, (s) => s.matches({ ready: 'idle' }))
    expect(props()).toMatchObject({ loadingMore: false, hasMore: false, empty: false })
    props().onLoadMore()
    props().onRetry()
    expect(sent).toEqual(['LOAD_MORE', 'RETRY'])
  })

  it('a failed page may be asked again, by Retry or by scrolling on', async () => {
    let fail = true
    const { actor } = start(() => (fail ? new Error('offline') : pageOf(20)))
    actor.send({ type: 'LOAD_MORE' })
    await waitFor(actor, (s) => s.matches('failed'))
    expect(connect(actor.getSnapshot(), () => {})).toMatchObject({ hasMore: false, failed: true })
    fail = false
    actor.send({ type: 'RETRY' })
    await waitFor(actor, (s) => s.matches('ready'))
    expect(actor.getSnapshot().context.pages).toBe(1)
    fail = true
    actor.send({ type: 'LOAD_MORE' })
    await waitFor(actor, (s) => s.matches({ ready: 'idle' }))
    // A later page failed: the list stays, with the reason, and the next page is asked again.
    expect(s(actor)).toMatchObject({ state: 'idle', error: 'offline', more: true })
    expect(s(actor).items).toHaveLength(20)
    fail = false
    actor.send({ type: 'RETRY' })
    expect(s(actor)).toMatchObject({ state: 'loadingMore', error: null })
    await waitFor(actor, (s) => s.matches({ ready: 'idle' }))
    expect(actor.getSnapshot().context.pages).toBe(2)
  })

  it('starts at once unless lazy, asking every page with the query', async () => {
    const { actor, asked } = start(bySizes([20, 2]), { query: { channelId: 'ch-1' } })
    await waitFor(actor, (s) => s.matches({ ready: 'idle' }))
    actor.send({ type: 'LOAD_MORE' })
    await waitFor(actor, (s) => s.matches({ ready: 'idle' }) && !s.context.more)
    expect(asked).toEqual([
      { channelId: 'ch-1', page: 1 },
      { channelId: 'ch-1', page: 2 },
    ])
  })

  it('loading every page asks for the next while they come full; a failed one keeps the pages before it', async () => {
    let failOnce = true
    const { actor, pages, reports } = start(
      (page) => {
        if (page === 3 && failOnce) {
          failOnce = false
          return new Error('offline')
        }
        return pageOf(page < 3 ? 20 : 5, (page - 1) * 20)
      },
      { query: {}, every: true },
    )
    await waitFor(actor, (s) => s.matches('failed'))
    expect(s(actor).items).toHaveLength(40)
    // Each page is shown as it comes.
    expect(reports.filter((r) => r.state === 'loading').map((r) => r.items.length)).toEqual([0, 20, 40])
    actor.send({ type: 'RETRY' })
    await waitFor(actor, (s) => s.matches('ready'))
    expect(pages()).toEqual([1, 2, 3, 3])
    expect(s(actor)).toMatchObject({ state: 'idle', more: false })
    expect(s(actor).items).toHaveLength(45)
  })

  it('a refresh loads the pages again behind the list shown, then they are the list; failed, the list stays with the reason', async () => {
    let round = 0
    let fail = false
    const { actor, pages } = start(
      (page) =>
        fail
          ? new Error('offline')
          : round === 0
            ? pageOf(page === 1 ? 20 : 5, (page - 1) * 20)
            : pageOf(page === 1 ? 20 : 1, 100 + (page - 1) * 20),
      { query: {}, every: true },
    )
    await waitFor(actor, (s) => s.matches({ ready: 'idle' }))
    expect(s(actor).items).toHaveLength(25)
    round = 1
    actor.send({ type: 'REFRESH' })
    expect(s(actor)).toMatchObject({ state: 'refreshing' })
    expect(s(actor).items).toHaveLength(25)
    await waitFor(actor, (s) => s.matches({ ready: 'idle' }))
    expect(s(actor).items.map((item) => item._id)).toEqual([...pageOf(20, 100), ...pageOf(1, 120)].map((item) => item._id))
    expect(pages()).toEqual([1, 2, 1, 2])
    fail = true
    actor.send({ type: 'REFRESH' })
    await waitFor(actor, (s) => s.matches({ ready: 'idle' }))
    expect(s(actor)).toMatchObject({ error: 'offline' })
    expect(s(actor).items).toHaveLength(21)
  })

  it('one page at a time, a refresh loads page 1 again and starts the paging over; page 1 carries the details', async () => {
    let used = 10
    const { actor, pages } = start((page) => ({ items: pageOf(page === 1 ? 20 : 3, (page - 1) * 20), used: used++ }), { query: {} })
    await waitFor(actor, (s) => s.matches({ ready: 'idle' }))
    actor.send({ type: 'LOAD_MORE' })
    await waitFor(actor, (s) => s.matches({ ready: 'idle' }) && s.context.pages === 2)
    // A later page's details do not replace page 1's.
    expect(s(actor)).toMatchObject({ details: { used: 10 }, more: false })
    actor.send({ type: 'REFRESH' })
    await waitFor(actor, (s) => s.matches({ ready: 'idle' }))
    expect(pages()).toEqual([1, 2, 1])
    expect(s(actor)).toMatchObject({ details: { used: 12 }, more: true })
    expect(s(actor).items).toHaveLength(20)
  })

  it('REMOVE and REPLACE change the list shown; an item removed during a refresh starts it again', async () => {
    let resolveRefresh: ((page: PageOutput) => void) | null = null
    let loads = 0
    const actor = createActor(
      pagedListMachine.provide({
        actors: {
          loadPage: fromPromise<PageOutput, LoadPageInput>(() =>
            loads++ === 0 ? Promise.resolve(pageOf(3)) : new Promise((resolve) => (resolveRefresh = resolve)),
          ),
        },
      }),
      { input: { query: {} } },
    ).start()
    await waitFor(actor, (s) => s.matches({ ready: 'idle' }))
    actor.send({ type: 'REPLACE', item: { _id: 'n1', name: 'saved' } as never })
    actor.send({ type: 'REMOVE', id: 'n0' })
    expect(s(actor).items).toEqual([{ _id: 'n1', name: 'saved' }, { _id: 'n2' }])
    actor.send({ type: 'REFRESH' })
    const first = resolveRefresh!
    actor.send({ type: 'REMOVE', id: 'n1' })
    expect(loads).toBe(3)
    first(pageOf(3))
    expect(s(actor)).toMatchObject({ state: 'refreshing', items: [{ _id: 'n2' }] })
    resolveRefresh!(pageOf(1, 2))
    await waitFor(actor, (s) => s.matches({ ready: 'idle' }))
    expect(s(actor).items).toEqual([{ _id: 'n2' }])
  })

  it('INSERT puts an item where the parent says (clamped to the list), replaces one already listed, and is reported', async () => {
    const { actor, reports } = start(bySizes([3]), { query: {} })
    await waitFor(actor, (s) => s.matches({ ready: 'idle' }))
    actor.send({ type: 'INSERT', item: { _id: 'new' }, at: 1 })
    actor.send({ type: 'INSERT', item: { _id: 'first' }, at: -4 })
    actor.send({ type: 'INSERT', item: { _id: 'last' }, at: 99 })
    expect(s(actor).items.map((item) => item._id)).toEqual(['first', 'n0', 'new', 'n1', 'n2', 'last'])
    actor.send({ type: 'INSERT', item: { _id: 'n1', name: 'again' } as never, at: 0 })
    expect(s(actor).items.map((item) => item._id)).toEqual(['first', 'n0', 'new', 'n1', 'n2', 'last'])
    expect(s(actor).items[3]).toEqual({ _id: 'n1', name: 'again' })
    expect(reports.at(-1)).toEqual(s(actor))
  })

  it('INSERT while the next page loads keeps the item once that page comes (each item once); during a refresh, starts it again', async () => {
    const answers: ((page: PageOutput) => void)[] = []
    const actor = createActor(
      pagedListMachine.provide({
        actors: { loadPage: fromPromise<PageOutput, LoadPageInput>(() => new Promise((resolve) => answers.push(resolve))) },
      }),
      { input: { query: {} } },
    ).start()
    answers[0]!(pageOf(20))
    await waitFor(actor, (s) => s.matches({ ready: 'idle' }))
    actor.send({ type: 'LOAD_MORE' })
    actor.send({ type: 'INSERT', item: { _id: 'new' }, at: 0 })
    expect(s(actor)).toMatchObject({ state: 'loadingMore' })
    // The next page repeats the item inserted (it was made meanwhile): shown once, where it was put.
    answers[1]!([{ _id: 'new' }, ...pageOf(2, 20)])
    await waitFor(actor, (s) => s.matches({ ready: 'idle' }))
    expect(s(actor).items.map((item) => item._id)).toEqual(['new', ...pageOf(22).map((item) => item._id)])
    actor.send({ type: 'REFRESH' })
    actor.send({ type: 'INSERT', item: { _id: 'newer' }, at: 0 })
    expect(answers).toHaveLength(4)
    expect(s(actor)).toMatchObject({ state: 'refreshing' })
    expect(s(actor).items[0]).toEqual({ _id: 'newer' })
    // The first refresh's page comes late: it is not taken; the one asked after the insert is.
    answers[2]!(pageOf(3))
    answers[3]!([{ _id: 'newer' }, ...pageOf(3)])
    await waitFor(actor, (s) => s.matches({ ready: 'idle' }))
    expect(s(actor).items.map((item) => item._id)).toEqual(['newer', 'n0', 'n1', 'n2'])
  })

  it('REFRESH while the first pages load or failed starts again from page 1, emptied', async () => {
    let fail = true
    const { actor, pages } = start((page) => (fail && page === 2 ? new Error('offline') : pageOf(20, (page - 1) * 20)), {
      query: {},
      every: true,
    })
    await waitFor(actor, (s) => s.matches('failed'))
    fail = false
    actor.send({ type: 'REFRESH' })
    expect(s(actor)).toMatchObject({ state: 'loading', items: [] })
    await waitFor(actor, (s) => s.context.pages === 2)
    expect(pages().slice(0, 3)).toEqual([1, 2, 1])
    actor.stop()
  })
})

function s(actor: { getSnapshot: () => Parameters<typeof pagedListOf>[0] }) {
  return pagedListOf(actor.getSnapshot())
}
