import { expect } from 'vitest'
import { fireEvent, within } from '@testing-library/react'
import type { FoundMessage } from '../../contract/search'
import { connect, messageSearchMachine } from '../../src/machines/message-search'
import { MessageSearchPage } from '../../src/ui/search/message-search-page'
import { describeModel, type ModelKit } from './support/run-model'
import { routed } from './support/routed'

/**
 * The message search page (/search?q=) through the real page: a new keyword is what the address
 * gives (the route sends SEARCH); here the form's submit sends it, as the route's navigation would.
 * Each result links to its chat at its seq, with the matched parts marked (as text, not HTML).
 */
type Kit = ModelKit<typeof messageSearchMachine>

const found = (i: number, over: Partial<FoundMessage> = {}): FoundMessage => ({
  _id: `m-${i}`,
  topic_id: 'topic-7',
  topic_name: 'Đội Đà Nẵng',
  partner_name: null,
  seq: 40 + i,
  sender: { _id: 'u-2', name: 'Lan', workid: 'lan-0002', photo_url: null },
  text: `Hẹn gặp ở Đà Nẵng <b>${i}</b>`,
  highlights: [{ start: 10, length: 7 }],
  truncated_start: false,
  truncated_end: false,
  created_at: '2026-03-01T08:00:00.000Z',
  ...over,
})
const ONE = [found(1), found(2, { topic_name: '', partner_name: 'Minh', seq: 3, text: 'da nang', highlights: [{ start: 0, length: 7 }] })]
const FULL = Array.from({ length: 20 }, (_, i) => found(100 + i))
const PAGE_2 = [found(200)]

const page = routed(messageSearchMachine, (snapshot, send) => (
  <MessageSearchPage {...connect(snapshot, send)} onSearch={(keyword) => send({ type: 'SEARCH', keyword })} />
))
const results = ({ screen }: Kit) => screen.queryByRole('list', { name: 'Messages found' })

describeModel({
  machine: messageSearchMachine,
  inputs: { 'with ?q=': { keyword: 'da nang' }, 'without ?q=': { keyword: '' } },
  select: 'coverage',
  serializeState: (s) =>
    JSON.stringify({ value: s.value, keyword: s.context.keyword, count: s.context.results.length, hasMore: s.context.hasMore }),
  events: {
    SEARCH: [
      { type: 'SEARCH', keyword: 'hue' },
      { type: 'SEARCH', keyword: '  ' },
      { type: 'SEARCH', keyword: 'da nang' },
    ],
    'xstate.done.actor.searchMessages': [
      { type: 'xstate.done.actor.searchMessages', output: ONE },
      { type: 'xstate.done.actor.searchMessages', output: [] },
      { type: 'xstate.done.actor.searchMessages', output: FULL },
    ],
    'xstate.done.actor.searchMoreMessages': [{ type: 'xstate.done.actor.searchMoreMessages', output: PAGE_2 }],
  },
  render: page.render,
  ready: page.ready,
  perform: {
    SEARCH: async (event, kit) => {
      const box = kit.screen.getByRole<HTMLInputElement>('searchbox', { name: 'Words to find in messages' })
      fireEvent.change(box, { target: { value: (event as typeof event & { keyword: string }).keyword } })
      await kit.user.click(kit.screen.getByRole('button', { name: 'Search' }))
    },
    RETRY: async (_, kit) => {
      await kit.user.click(kit.screen.getByRole('button', { name: 'Retry' }))
    },
    MORE: async (_, kit) => {
      await kit.user.click(kit.screen.getByRole('button', { name: 'More results' }))
    },
  },
  states: {
    '*': (expected, kit) => {
      expect(kit.screen.getByRole('heading', { level: 1 }).textContent).toBe('Search messages')
      expect(kit.screen.getByRole<HTMLInputElement>('searchbox').value.trim()).toBe(expected.context.keyword)
    },
    idle: (_, kit) => {
      expect(kit.screen.getByText('Type words to find them in the messages of your chats.')).toBeTruthy()
      expect(results(kit)).toBeNull()
      expect(kit.screen.queryByRole('status')).toBeNull()
    },
    loading: (expected, kit) => {
      expect(kit.screen.getByRole('status').textContent).toBe('Searching…')
      expect(kit.pending('searchMessages').input).toEqual({ keyword: expected.context.keyword, page: 1 })
    },
    failed: (_, kit) => {
      expect(kit.screen.getByRole('alert').textContent).toContain('The search failed.')
    },
    ready: (expected, kit) => {
      const count = expected.context.results.length
      if (count === 0) {
        expect(kit.screen.getByRole('status').textContent).toBe(`No messages contain “${expected.context.keyword}”`)
        expect(results(kit)).toBeNull()
        return
      }
      const links = within(results(kit)!).getAllByRole('link')
      expect(links).toHaveLength(count)
      // Each opens its chat on the message; the matched part is marked, the rest is text (the
      // snippet's "<b>" shows as characters, it is never markup).
      const first = expected.context.results[0]!
      expect(links[0]!.getAttribute('href')).toBe(`/chat/topic-7?seq=${first.seq}`)
      expect([...links[0]!.querySelectorAll('mark')].map((m) => m.textContent)).toEqual([
        first.text.slice(first.highlights[0]!.start, first.highlights[0]!.start + first.highlights[0]!.length),
      ])
      expect(links[0]!.querySelector('b')).toBeNull()
      expect(links[0]!.textContent).toContain(first.text)
      if (first._id === 'm-1') expect(links[1]!.textContent).toContain('Minh')
      expect(kit.screen.queryByRole('button', { name: 'More results' }) !== null).toBe(expected.context.hasMore)
      if (count === 21) expect(links[20]!.textContent).toContain('Đà Nẵng <b>200</b>')
    },
    loadingMore: (expected, kit) => {
      expect(kit.screen.getByRole('button', { name: 'Loading…' }).getAttribute('aria-busy')).toBe('true')
      expect(kit.pending('searchMoreMessages').input).toEqual({ keyword: expected.context.keyword, page: 2 })
    },
  },
})
