import { expect } from 'vitest'
import type { StoredFile } from '../../contract/media'
import { within } from '@testing-library/react'
import type { ContactItem } from '../../contract/relates'
import type { NotificationItem } from '../../src/machines/notification-badge'
import { connect, pagedListMachine, type PagedItem, type PagedListInput, type PagedListSnapshot } from '../../src/machines/paged-list'
import { ContactListView } from '../../src/ui/contact/contact-list-view'
import { NotificationList } from '../../src/ui/notification-badge/notification-list'
import { StoragePageView } from '../../src/ui/storage/storage-page'
import { describeModel, type ModelKit } from './support/run-model'
import { routed } from './support/routed'
import { storedFile } from '../support/stored-files'

/**
 * A paged list through the three ways the app shows one: the notification drawer (lazy: its first
 * page when the drawer opens, then one per 'Load more'), a chat's files (one page per 'Load more',
 * page 1 carrying the storage used, loaded again after a file action) and a contact list (every
 * page, loaded again when changed elsewhere; a file made meanwhile inserted by its parent). The
 * pages and what the list must show come from the fixtures below, written here.
 */

type Kit = ModelKit<typeof pagedListMachine>
type S = PagedListSnapshot

/** A full page is 20 (the contract's PAGE_SIZE, written here). */
const FULL = 20
const QUOTA = 1024 ** 3

const notification = (n: number): NotificationItem => ({
  _id: `n-${n}`,
  is_seen: true,
  created_at: '2026-03-01T09:00:00.000Z',
  notify_message: `Notification ${n}`,
})
const file = (n: number) => storedFile(n)
const contact = (n: number): ContactItem => ({ _id: `c-${n}`, name: `Person ${n}`, workid: `person${n}`, photo_url: null })

type Mode = 'lazy' | 'paged' | 'every'
const INPUTS: Record<Mode, PagedListInput> = {
  lazy: { query: {}, lazy: true },
  paged: { query: { channelId: 'ch-1', topicId: 't-1', trash: false }, every: false },
  every: { query: { kind: 'friends' }, every: true },
}
const modeOf = (s: S): Mode => (s.context.lazy ? 'lazy' : s.context.every ? 'every' : 'paged')
const itemOf: Record<Mode, (n: number) => PagedItem & { name?: string; notify_message?: string }> = {
  lazy: notification,
  paged: file,
  every: contact,
}
const nameOf = (item: PagedItem) => (item as { name?: string }).name ?? (item as NotificationItem).notify_message
/** Items from..from+count-1 of the mode; storage pages carry the storage used. */
const pageOf = (mode: Mode, from: number, count: number) => {
  const items = Array.from({ length: count }, (_, i) => itemOf[mode](from + i))
  return mode === 'paged' ? { items, used: items.length * 1000, quota: QUOTA } : items
}
/** Page 1: full, short or none; page 2 (after a full page): three, one repeating page 1's last. */
const firstPages = (mode: Mode) => [pageOf(mode, 1, FULL), pageOf(mode, 1, 2), pageOf(mode, 1, 0)]
const secondPage = (mode: Mode) => pageOf(mode, FULL, 3)
const REFUSED = new Error('The server said no.')

/** The list each state must show, as the test expects it from the events it sent. */
const STATE_OF: Record<string, string> = {
  waiting: 'waiting',
  loading: 'loading',
  failed: 'failed',
  'ready.idle': 'idle',
  'ready.loadingMore': 'loadingMore',
  'ready.refreshing': 'refreshing',
}
const stateName = (s: S) =>
  Object.entries(STATE_OF).find(([path]) => s.matches((path.includes('.') ? { ready: path.split('.')[1]! } : path) as never))![1]

const storage = routed(pagedListMachine, (snapshot, send) => {
  const props = connect(snapshot, send)
  const details = snapshot.context.details as { used: number; quota: number } | null
  return (
    <StoragePageView
      {...props}
      items={props.items as StoredFile[]}
      channelId="ch-1"
      topicId="t-1"
      trash={false}
      rows={(props.items as StoredFile[]).map((f) => ({ file: f, busy: false }))}
      usage={details}
      topicName="General"
      showTopic={false}
      busy={props.refreshing}
      onTrash={() => {}}
      onRestore={() => {}}
      onPurge={() => {}}
    />
  )
})

const view = (snapshot: S, send: (event: { type: 'LOAD_MORE' } | { type: 'RETRY' }) => void, actor: Kit['actor']) => {
  const props = connect(snapshot, send)
  switch (modeOf(snapshot)) {
    case 'lazy':
      return (
        <NotificationList
          items={props.items as NotificationItem[]}
          unread={0}
          canMarkAllSeen={false}
          onSeen={() => {}}
          onSeenAll={() => {}}
          pages={props}
        />
      )
    case 'every':
      return (
        <ContactListView list={{ ...props, items: props.items as ContactItem[], kind: 'friends', onRemove: () => {}, move: null }}>
          {(item) => (
            <li key={item._id} aria-label={item.name}>
              {item.name}
            </li>
          )}
        </ContactListView>
      )
    default:
      return storage.render(snapshot, send, actor)
  }
}

const loadButton = (kit: Kit) => kit.screen.queryByRole<HTMLButtonElement>('button', { name: 'Load more' })
const shownNames = (kit: Kit, mode: Mode) => {
  const list = kit.screen.queryByRole('list', { name: mode === 'lazy' ? 'Notifications' : mode === 'paged' ? 'Files' : 'Friends' })
  return list
    ? within(list)
        .queryAllByRole('listitem')
        .map((row) => row.getAttribute('aria-label'))
    : []
}
const first = (s: S) => s.context.items[0]
const NEWCOMER = file(99)._id
const inserted = (s: S) => s.context.items.some((item) => item._id === NEWCOMER)

describeModel({
  machine: pagedListMachine,
  inputs: INPUTS,
  select: 'transitions',
  serializeState: (s) =>
    JSON.stringify({
      v: s.value,
      mode: modeOf(s),
      pages: s.context.pages,
      n: s.context.items.length,
      first: first(s)?._id,
      name: first(s) && nameOf(first(s)!),
      more: s.context.more,
      e: s.context.error !== null,
      fresh: s.context.freshPages,
    }),
  events: {
    'xstate.done.actor.loadPage': (s) =>
      (s.context.pages === 0 ? firstPages(modeOf(s)) : [secondPage(modeOf(s))]).map((output) => ({
        type: 'xstate.done.actor.loadPage',
        output,
      })),
    'xstate.error.actor.loadPage': [{ type: 'xstate.error.actor.loadPage', error: REFUSED }],
    // Page 2: short, or full (then page 3 is short).
    'xstate.done.actor.loadMore': (s) =>
      (inserted(s)
        ? [secondPage(modeOf(s))]
        : s.context.pages === 1
          ? [secondPage(modeOf(s)), pageOf(modeOf(s), 21, FULL)]
          : [pageOf(modeOf(s), 41, 1)]
      ).map((output) => ({
        type: 'xstate.done.actor.loadMore',
        output,
      })),
    'xstate.error.actor.loadMore': (s) => (inserted(s) ? [] : [{ type: 'xstate.error.actor.loadMore', error: REFUSED }]),
    // What is stored now: the first page without its first item (trashed, or moved elsewhere), then a short one.
    'xstate.done.actor.refresh': (s) => [
      {
        type: 'xstate.done.actor.refresh',
        output: s.context.freshPages === 0 ? pageOf(modeOf(s), 2, modeOf(s) === 'every' ? FULL : 1) : pageOf(modeOf(s), 30, 1),
      },
    ],
    'xstate.error.actor.refresh': (s) => (inserted(s) ? [] : [{ type: 'xstate.error.actor.refresh', error: REFUSED }]),
    // The parents remove and replace items of a shown list: the first one, once.
    REMOVE: (s) =>
      !inserted(s) && first(s) && first(s)!._id.endsWith('-1') && s.context.items.length > 1 ? [{ type: 'REMOVE', id: first(s)!._id }] : [],
    REPLACE: (s) =>
      !inserted(s) && first(s) && nameOf(first(s)!) !== 'Saved'
        ? [{ type: 'REPLACE', item: { ...first(s)!, name: 'Saved', notify_message: 'Saved' } }]
        : [],
    // A parent keeping a chat's files current from the socket: a file made meanwhile joins second in the full first page
    // as it came; then only the page on its way comes (what the other events do is checked without it).
    INSERT: (s) =>
      modeOf(s) === 'paged' && s.context.pages === 1 && s.context.items.length === FULL && nameOf(first(s)!) === 'file-1.pdf'
        ? [{ type: 'INSERT', item: file(99), at: 1 }]
        : [],
    // The notification drawer is never refreshed; the other lists are.
    REFRESH: (s) => (modeOf(s) === 'lazy' || inserted(s) ? [] : [{ type: 'REFRESH' }]),
    LOAD_MORE: (s) => ((modeOf(s) === 'every' && !s.matches('failed')) || inserted(s) ? [] : [{ type: 'LOAD_MORE' }]),
  },
  spyActions: ['report'],
  render: (snapshot, send, actor) => view(snapshot, send, actor),
  ready: storage.ready,
  perform: {
    LOAD_MORE: async (_, kit) => {
      // 'Load more' where the list offers it; else the drawer opening (or its end scrolled to).
      const button = loadButton(kit)
      if (button && !button.disabled) await kit.user.click(button)
      else await kit.send({ type: 'LOAD_MORE' })
    },
    INSERT: async (event, kit) => {
      const before = shownNames(kit, 'paged')
      await kit.send(event as never)
      // Where the parent put it, the other files as they were.
      expect(shownNames(kit, 'paged')).toEqual([before[0], 'file-99.pdf', ...before.slice(1)])
    },
    RETRY: async (_, kit) => {
      const retry = kit.screen.queryByRole('button', { name: /^(Retry|Try again)$/ })
      if (retry) await kit.user.click(retry)
      else await kit.send({ type: 'RETRY' })
    },
    'xstate.done.actor.loadMore': async (event, kit) => {
      const mode = modeOf(kit.previous)
      const before = shownNames(kit, mode)
      const shownIds = kit.previous.context.items.map((item) => item._id)
      await kit.resolve('loadMore', (event as unknown as { output: unknown }).output)
      // The next page comes after the items shown, each item once.
      const added = (event as unknown as { output: ReturnType<typeof pageOf> }).output
      const fresh = (Array.isArray(added) ? added : added.items).filter((item) => !shownIds.includes(item._id)).map(nameOf)
      if (mode !== 'lazy') expect(shownNames(kit, mode)).toEqual([...before, ...fresh])
    },
  },
  states: {
    '*': (expected, kit) => {
      const mode = modeOf(expected)
      const { items, more, error, details } = expected.context
      // What it reports is the list it shows.
      const reported = kit.actions.report.mock.calls.at(-1)?.[1]
      expect(reported).toEqual({ list: { state: stateName(expected), items, more, error, details } })
      const ids = items.map((item) => item._id)
      expect(new Set(ids).size).toBe(ids.length)
      if (mode !== 'lazy' && (expected.matches('ready') || mode === 'every')) expect(shownNames(kit, mode)).toEqual(items.map(nameOf))
      // The page asked for is the next one, with the list's query.
      for (const id of ['loadPage', 'loadMore'])
        if (kit.calls.some((call) => call.id === id && !call.settled))
          expect(kit.pending(id).input).toEqual({ ...INPUTS[mode].query, page: expected.context.pages + 1 })
      if (mode === 'paged' && expected.matches('ready')) {
        // The storage used, as page 1 said it.
        expect(kit.screen.getByRole('progressbar', { name: 'Storage used' }).getAttribute('value')).toBe(
          String((details as { used: number }).used),
        )
        expect(loadButton(kit) !== null).toBe(more)
        if (error) expect(kit.screen.getByRole('alert').textContent).toBe(error)
        else expect(kit.screen.queryByRole('alert')).toBeNull()
      }
    },
    waiting: (_, kit) => {
      expect(kit.screen.queryByRole('status')).toBeNull()
      expect(loadButton(kit)).toBeNull()
      expect(kit.calls).toHaveLength(0)
    },
    loading: (expected, kit) => {
      const mode = modeOf(expected)
      expect(kit.screen.getByRole('status').textContent).toBe(
        mode === 'lazy' ? 'Loading notifications…' : mode === 'paged' ? 'Loading files…' : 'Loading…',
      )
      // Loading every page: the next one is asked only after a full one.
      expect(expected.context.items.length).toBe(expected.context.pages * FULL)
    },
    failed: (expected, kit) => {
      const mode = modeOf(expected)
      expect(kit.screen.getAllByRole('alert')[0]!.textContent).toBe(
        mode === 'lazy'
          ? 'Could not load notifications.'
          : mode === 'paged'
            ? 'Could not load the files.Retry'
            : 'This list could not be loaded.Retry',
      )
      // Loading every page, the pages before the failed one stay.
      expect(expected.context.items.length).toBe(expected.context.pages * FULL)
    },
    'ready.idle': (expected, kit) => {
      const mode = modeOf(expected)
      const { more, error, items } = expected.context
      if (mode === 'lazy') {
        if (error) expect(kit.screen.getByRole('alert').textContent).toBe('Could not load notifications.')
        else expect(loadButton(kit) !== null).toBe(more)
      }
      if (mode === 'every') {
        expect(kit.screen.queryByRole('status')).toBeNull()
        if (items.length === 0) expect(kit.screen.getByText(/^No friends yet\./)).toBeTruthy()
      }
      if (mode === 'paged') {
        if (items.length === 0) expect(kit.screen.getByText('No files yet.')).toBeTruthy()
        for (const button of kit.screen.queryAllByRole<HTMLButtonElement>('button')) expect(button.disabled).toBe(false)
      }
    },
    'ready.loadingMore': (expected, kit) => {
      if (modeOf(expected) === 'lazy') expect(kit.screen.getByRole('status').textContent).toBe('Loading notifications…')
      else expect(loadButton(kit)!.disabled).toBe(true)
    },
    'ready.refreshing': (expected, kit) => {
      // Loaded again behind the list shown: no "Loading…"; a file's buttons wait.
      expect(kit.screen.queryByRole('status')).toBeNull()
      expect(kit.pending('refresh').input).toEqual({ ...INPUTS[modeOf(expected)].query, page: expected.context.freshPages + 1 })
      if (modeOf(expected) === 'paged')
        for (const button of within(kit.screen.queryByRole('list', { name: 'Files' }) ?? kit.container).queryAllByRole<HTMLButtonElement>(
          'button',
          { name: /^Move / },
        ))
          expect(button.disabled).toBe(true)
    },
  },
})
