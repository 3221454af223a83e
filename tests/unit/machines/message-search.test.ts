import { describe, expect, it } from 'vitest'
import { createActor, waitFor } from 'xstate'
import type { FoundMessage, MessageSearchQuery } from '../../../contract/search'
import { connect, messageSearchMachine, partsOf, type MessageSearchEvent } from '../../../src/machines/message-search'
import { withPages } from '../../../src/machines/paged-list'

const found = (id: string, over: Partial<FoundMessage> = {}): FoundMessage => ({
  _id: id,
  topic_id: 't1',
  topic_name: 'Design',
  partner_name: null,
  seq: 1,
  thread_root_id: null,
  sender: null,
  text: `text of ${id}`,
  highlights: [],
  truncated_start: false,
  truncated_end: false,
  created_at: '2026-11-20T10:00:00Z',
  ...over,
})
const page = (prefix: string, count: number) => Array.from({ length: count }, (_, i) => found(`${prefix}${i}`))

type Answer = FoundMessage[] | Error | Promise<FoundMessage[]>
function start(keyword: string, answer: (q: MessageSearchQuery) => Answer) {
  const asked: MessageSearchQuery[] = []
  const actor = createActor(
    messageSearchMachine.provide({
      actors: {
        list: withPages(async (input: MessageSearchQuery) => {
          asked.push(input)
          const a = answer(input)
          if (a instanceof Error) throw a
          return a
        }),
      },
    }),
    { input: { keyword } },
  ).start()
  const sent: MessageSearchEvent[] = []
  const props = () =>
    connect(actor.getSnapshot(), (e) => {
      sent.push(e)
      actor.send(e)
    })
  return { actor, asked, props, sent }
}
/** Where the page is: no keyword, searching, failed, or showing the results (while another page may load). */
const statusOf = (p: ReturnType<typeof connect>) => (p.idle ? 'idle' : p.loading ? 'loading' : p.failed ? 'failed' : 'ready')
/** The results shown, nothing on its way. */
const shown = (s: ReturnType<ReturnType<typeof start>['actor']['getSnapshot']>) => s.matches('searching') && s.context.list.state === 'idle'
const settled = (actor: ReturnType<typeof start>['actor']) =>
  waitFor(actor, (s) => shown(s) || s.context.list.state === 'failed' || s.matches('idle'))

describe('partsOf: a snippet split at its highlights', () => {
  it('marks each highlighted part, in text order whatever the order given', () => {
    expect(
      partsOf('say hello to hello', [
        { start: 13, length: 5 },
        { start: 4, length: 5 },
      ]),
    ).toEqual([
      { text: 'say ', match: false },
      { text: 'hello', match: true },
      { text: ' to ', match: false },
      { text: 'hello', match: true },
    ])
  })
  it('a highlight at the very start or end leaves no empty part', () => {
    expect(partsOf('hello', [{ start: 0, length: 5 }])).toEqual([{ text: 'hello', match: true }])
    expect(partsOf('ab', [{ start: 1, length: 1 }])).toEqual([
      { text: 'a', match: false },
      { text: 'b', match: true },
    ])
  })
  it('clamps highlights past the text, and skips overlaps and ones outside it', () => {
    expect(partsOf('abcdef', [{ start: 4, length: 10 }])).toEqual([
      { text: 'abcd', match: false },
      { text: 'ef', match: true },
    ])
    expect(
      partsOf('abcdef', [
        { start: 1, length: 3 },
        { start: 2, length: 1 },
      ]),
    ).toEqual([
      { text: 'a', match: false },
      { text: 'bcd', match: true },
      { text: 'ef', match: false },
    ])
    expect(partsOf('abc', [{ start: 9, length: 2 }])).toEqual([{ text: 'abc', match: false }])
    expect(partsOf('', [])).toEqual([])
  })
  it('overlapping highlights become one match run without repeating text', () => {
    expect(
      partsOf('abcdef', [
        { start: 1, length: 2 },
        { start: 2, length: 3 },
      ]),
    ).toEqual([
      { text: 'a', match: false },
      { text: 'bc', match: true },
      { text: 'de', match: true },
      { text: 'f', match: false },
    ])
  })
})

describe('message-search machine and connect', () => {
  it('searches the trimmed keyword of the address at once, page 1', async () => {
    const { actor, asked, props } = start('  hello ', () => [found('m1')])
    expect(statusOf(props())).toBe('loading')
    await settled(actor)
    expect(asked).toEqual([{ keyword: 'hello', page: 1 }])
    const p = props()
    expect(p.keyword).toBe('hello')
    expect(statusOf(p)).toBe('ready')
    expect(p.empty).toBe(false)
    expect(p.hasMore).toBe(false)
    expect(p.results.map((r) => r.message._id)).toEqual(['m1'])
  })

  it('no keyword: idle, nothing asked; a blank one too', async () => {
    const { actor, asked, props } = start('   ', () => [])
    expect(actor.getSnapshot().value).toBe('idle')
    expect(statusOf(props())).toBe('idle')
    expect(props().empty).toBe(false)
    actor.send({ type: 'SEARCH', keyword: ' ' })
    expect(actor.getSnapshot().value).toBe('idle')
    expect(asked).toEqual([])
  })

  it('nothing found: ready and empty', async () => {
    const { actor, props } = start('zzz', () => [])
    await settled(actor)
    expect(props().empty).toBe(true)
    expect(props().results).toEqual([])
  })

  it('a full page offers more; More asks page 2 and adds only messages not shown yet', async () => {
    const { actor, asked, props } = start('hi', ({ page: n }) => (n === 1 ? page('a', 20) : [found('a19'), found('b0')]))
    await settled(actor)
    expect(props().hasMore).toBe(true)
    props().onLoadMore()
    expect(props().loadingMore).toBe(true)
    expect(statusOf(props())).toBe('ready')
    // the More button stays (disabled, 'Loading…') while the page loads
    expect(props().hasMore).toBe(true)
    await waitFor(actor, shown)
    expect(asked).toEqual([
      { keyword: 'hi', page: 1 },
      { keyword: 'hi', page: 2 },
    ])
    const ids = props().results.map((r) => r.message._id)
    expect(ids).toHaveLength(21)
    expect(new Set(ids).size).toBe(21)
    expect(ids.at(-1)).toBe('b0')
    expect(props().hasMore).toBe(false)
    expect(props().loadingMore).toBe(false)
    actor.send({ type: 'LOAD_MORE' })
    expect(shown(actor.getSnapshot())).toBe(true)
    expect(asked).toHaveLength(2)
  })

  it('two full pages then page 3: the page number counts up', async () => {
    const { actor, asked } = start('hi', ({ page: n }) => page(`p${n}-`, n < 3 ? 20 : 1))
    await settled(actor)
    actor.send({ type: 'LOAD_MORE' })
    await waitFor(actor, (s) => shown(s) && s.context.list.items.length === 40)
    actor.send({ type: 'LOAD_MORE' })
    await waitFor(actor, (s) => shown(s) && s.context.list.items.length === 41)
    expect(asked.map((q) => q.page)).toEqual([1, 2, 3])
    expect(actor.getSnapshot().context.list.items).toHaveLength(41)
  })

  it('a failed More keeps what was shown and may be tried again', async () => {
    let fail = true
    const { actor, props } = start('hi', ({ page: n }) => (n === 1 ? page('a', 20) : fail ? new Error('offline') : [found('b0')]))
    await settled(actor)
    actor.send({ type: 'LOAD_MORE' })
    await waitFor(actor, shown)
    expect(props().results).toHaveLength(20)
    expect(props().hasMore).toBe(true)
    fail = false
    actor.send({ type: 'LOAD_MORE' })
    await waitFor(actor, (s) => shown(s) && s.context.list.items.length === 21)
  })

  it('a failed search offers Retry', async () => {
    let fail = true
    const { actor, asked, props } = start('hi', () => (fail ? new Error('offline') : [found('m1')]))
    await settled(actor)
    expect(statusOf(props())).toBe('failed')
    expect(props().empty).toBe(false)
    fail = false
    props().onRetry()
    await settled(actor)
    expect(statusOf(props())).toBe('ready')
    expect(asked).toHaveLength(2)
  })

  it('the same keyword (spaces aside) does not search again; another one starts afresh', async () => {
    const { actor, asked, props } = start('hi', ({ keyword }) => (keyword === 'hi' ? page('a', 20) : [found('x1')]))
    await settled(actor)
    actor.send({ type: 'SEARCH', keyword: ' hi  ' })
    expect(shown(actor.getSnapshot())).toBe(true)
    expect(asked).toHaveLength(1)
    actor.send({ type: 'SEARCH', keyword: ' other ' })
    expect(statusOf(props())).toBe('loading')
    expect(props().results).toEqual([])
    expect(props().keyword).toBe('other')
    await settled(actor)
    expect(asked.at(-1)).toEqual({ keyword: 'other', page: 1 })
    expect(props().results.map((r) => r.message._id)).toEqual(['x1'])
    expect(props().hasMore).toBe(false)
    actor.send({ type: 'SEARCH', keyword: '' })
    expect(statusOf(props())).toBe('idle')
    expect(props().keyword).toBe('')
    expect(props().results).toEqual([])
  })

  it('names the chat by its group, else the other person, else nothing; splits the snippet', async () => {
    const { actor, props } = start('hi', () => [
      found('g', { topic_name: 'Design', partner_name: null, text: 'oh hi', highlights: [{ start: 3, length: 2 }] }),
      found('d', { topic_name: '', partner_name: 'An Nguyễn' }),
      found('u', { topic_name: '', partner_name: null }),
    ])
    await settled(actor)
    const r = props().results
    expect(r.map((x) => x.chatName)).toEqual(['Design', 'An Nguyễn', ''])
    expect(r[0].parts).toEqual([
      { text: 'oh ', match: false },
      { text: 'hi', match: true },
    ])
  })

  it('the handlers send the events their names say', () => {
    const { props, sent } = start('', () => [])
    props().onRetry()
    props().onLoadMore()
    expect(sent).toEqual([{ type: 'RETRY' }, { type: 'LOAD_MORE' }])
  })
})
