import { expect } from 'vitest'
import { fireEvent, within } from '@testing-library/react'
import type { FoundMessage } from '../../contract/search'
import { connect, messageSearchMachine } from '../../src/machines/message-search'
import { MessageSearchPage } from '../../src/ui/search/message-search-page'
import { listChild, listReports, playReport } from './support/paged-list'
import { describeModel, type ModelKit } from './support/run-model'
import { routed } from './support/routed'

/**
 * The message search page (/search?q=) through the real page: a new keyword is what the address
 * gives (the route sends SEARCH); here the form's submit sends it, as the route's navigation would.
 * Each result links to its chat at its seq, with the matched parts marked (as text, not HTML).
 * The pages come from the keyword's paged list (stubbed here: the test plays its reports).
 */
type Kit = ModelKit<typeof messageSearchMachine>

const found = (i: number, over: Partial<FoundMessage> = {}): FoundMessage => ({
  _id: `m-${i}`,
  topic_id: 'topic-7',
  topic_name: 'Đội Đà Nẵng',
  partner_name: null,
  seq: 40 + i,
  thread_root_id: null,
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
  <MessageSearchPage
    {...connect(snapshot, send)}
    // As the route: a new keyword keeps the chat (?in=); the chat's buttons keep the keyword.
    onSearch={(keyword) => send({ type: 'SEARCH', keyword, topicId: snapshot.context.topicId })}
    onSearchIn={(topicId) => send({ type: 'SEARCH', keyword: snapshot.context.keyword, topicId })}
  />
))
const results = ({ screen }: Kit) => screen.queryByRole('list', { name: 'Messages found' })

describeModel({
  machine: messageSearchMachine,
  inputs: {
    'with ?q=': { keyword: 'da nang' },
    'without ?q=': { keyword: '' },
    'with ?q= in one chat': { keyword: 'da nang', topicId: 'topic-7' },
  },
  select: 'coverage',
  serializeState: (s) =>
    JSON.stringify({
      value: s.value,
      keyword: s.context.keyword,
      topicId: s.context.topicId,
      list: s.context.list.state,
      count: s.context.list.items.length,
      more: s.context.list.more,
      error: s.context.list.error !== null,
    }),
  events: {
    SEARCH: (s) => [
      // Typed in the box: the chat stays.
      ...['hue', '  ', 'da nang'].map((keyword) => ({ type: 'SEARCH', keyword, topicId: s.context.topicId })),
      // A result's "Only this chat", then "Search all chats".
      ...(s.context.topicId === null && s.context.list.items.length > 0
        ? [{ type: 'SEARCH', keyword: s.context.keyword, topicId: s.context.list.items[0]!.topic_id }]
        : []),
      ...(s.context.topicId !== null ? [{ type: 'SEARCH', keyword: s.context.keyword, topicId: null }] : []),
    ],
    LIST: (s) => listReports(s.context.list, { first: [ONE, [], FULL], next: PAGE_2 }),
    LOAD_MORE: (s) => (s.context.list.more && s.context.list.state === 'idle' ? [{ type: 'LOAD_MORE' }] : []),
    RETRY: (s) => (s.context.list.state === 'failed' ? [{ type: 'RETRY' }] : []),
  },
  render: page.render,
  ready: page.ready,
  callbackActors: ['list'],
  perform: {
    LIST: playReport,
    SEARCH: async (event, kit) => {
      const { keyword, topicId } = event as typeof event & { keyword: string; topicId: string | null }
      if (topicId !== kit.previous.context.topicId) {
        if (topicId === null) await kit.user.click(kit.screen.getByRole('button', { name: 'Search all chats' }))
        else await kit.user.click(within(results(kit)!).getAllByRole('button', { name: /^Only this chat: / })[0]!)
        expect(kit.actor.getSnapshot().context.keyword).toBe(kit.previous.context.keyword)
        return
      }
      const box = kit.screen.getByRole<HTMLInputElement>('searchbox', { name: 'Words to find in messages' })
      fireEvent.change(box, { target: { value: keyword } })
      await kit.user.click(kit.screen.getByRole('button', { name: 'Search' }))
    },
    RETRY: async (_, kit) => {
      await kit.user.click(kit.screen.getByRole('button', { name: 'Retry' }))
      expect(listChild(kit).received.at(-1)).toEqual({ type: 'RETRY' })
    },
    LOAD_MORE: async (_, kit) => {
      await kit.user.click(kit.screen.getByRole('button', { name: 'More results' }))
      expect(listChild(kit).received.at(-1)).toEqual({ type: 'LOAD_MORE' })
    },
  },
  states: {
    '*': (expected, kit) => {
      expect(kit.screen.getByRole('heading', { level: 1 }).textContent).toBe('Search messages')
      expect(kit.screen.getByRole<HTMLInputElement>('searchbox').value.trim()).toBe(expected.context.keyword)
      // In one chat: a chip saying so (its name from a result of it) and a way back to every chat.
      const back = kit.screen.queryByRole('button', { name: 'Search all chats' })
      expect(back !== null).toBe(expected.context.topicId !== null)
      if (expected.context.topicId !== null) {
        const named = expected.context.list.items.some((m) => m.topic_id === expected.context.topicId)
        expect(kit.screen.getByText(named ? 'Only in Đội Đà Nẵng' : 'Only in one chat')).toBeTruthy()
      }
    },
    idle: (_, kit) => {
      expect(kit.screen.getByText('Type words to find them in the messages of your chats.')).toBeTruthy()
      expect(results(kit)).toBeNull()
      expect(kit.screen.queryByRole('status')).toBeNull()
      expect(kit.callbacks.filter((call) => !call.stopped)).toHaveLength(0)
    },
    searching: (expected, kit) => {
      // The keyword's messages, 20 a page: GET message/search.
      const { topicId } = expected.context
      expect(listChild(kit).input).toEqual({
        query: topicId === null ? { keyword: expected.context.keyword } : { keyword: expected.context.keyword, topic_id: topicId },
      })
      const { state, items, more } = expected.context.list
      if (state === 'loading') expect(kit.screen.getByRole('status').textContent).toBe('Searching…')
      if (state === 'failed') expect(kit.screen.getByRole('alert').textContent).toContain('The search failed.')
      if (state === 'loadingMore') expect(kit.screen.getByRole('button', { name: 'Loading…' }).getAttribute('aria-busy')).toBe('true')
      if (state !== 'idle' && state !== 'loadingMore') return
      const count = items.length
      if (count === 0) {
        // A heading saying what found nothing, and what to try.
        const empty = kit.screen.getByRole('status')
        expect(within(empty).getByRole('heading', { level: 2 }).textContent).toBe(`No messages contain “${expected.context.keyword}”`)
        expect(within(empty).getByText('Check the spelling.')).toBeTruthy()
        expect(within(empty).getByText('Accents are not needed: “du an” finds “dự án”.')).toBeTruthy()
        expect(results(kit)).toBeNull()
        expect(kit.screen.queryByText(/results?( so far)?$/)).toBeNull()
        return
      }
      // How many are shown; with another page to come, so far.
      expect(kit.screen.getByText(`${count} ${count === 1 ? 'result' : 'results'}${more ? ' so far' : ''}`)).toBeTruthy()
      const links = within(results(kit)!).getAllByRole('link')
      expect(links).toHaveLength(count)
      // Every chat: each result offers to search only its chat; in one chat, none does.
      expect(within(results(kit)!).queryAllByRole('button', { name: /^Only this chat: / })).toHaveLength(topicId === null ? count : 0)
      // Each opens its chat on the message; the matched part is marked, the rest is text (the
      // snippet's "<b>" shows as characters, it is never markup).
      const first = items[0]!
      expect(links[0]!.getAttribute('href')).toBe(`/chat/topic-7?seq=${first.seq}`)
      expect([...links[0]!.querySelectorAll('mark')].map((m) => m.textContent)).toEqual([
        first.text.slice(first.highlights[0]!.start, first.highlights[0]!.start + first.highlights[0]!.length),
      ])
      expect(links[0]!.querySelector('b')).toBeNull()
      expect(links[0]!.textContent).toContain(first.text)
      if (first._id === 'm-1') expect(links[1]!.textContent).toContain('Minh')
      expect(kit.screen.queryByRole('button', { name: /^(More results|Loading…)$/ }) !== null).toBe(more)
      if (count === 21) expect(links[20]!.textContent).toContain('Đà Nẵng <b>200</b>')
    },
  },
})
