import { expect } from 'vitest'
import { within } from '@testing-library/react'
import {
  connect,
  notificationBadgeMachine,
  type NotificationBadgeSnapshot,
  type NotificationItem,
} from '../../src/machines/notification-badge'
import { NotificationsDrawer } from '../../src/ui/app/notifications-drawer'
import { NotificationBell } from '../../src/ui/notification-badge/notification-bell'
import { TitleIcon } from '../../src/ui/notification-badge/title-icon'
import { describeModel, type ModelKit } from './support/run-model'
import { withLayout } from './support/layout'

type Kit = ModelKit<typeof notificationBadgeMachine>

// The drawer's list is virtualised: a tall viewport shows every row, as a real one does for these few.
withLayout()

// jsdom has no Web Animations (the drawer's transition asks for them).
Object.defineProperty(Element.prototype, 'getAnimations', { value: () => [], writable: true, configurable: true })

/** The first live one is a mention (no message key: its type tells), the second a friend request, the rest tasks. */
const note = (n: number): NotificationItem => ({
  _id: `n-${n}`,
  is_seen: false,
  created_at: `2026-03-0${Math.min(n, 9)}T09:00:00.000Z`,
  notify_message: n === 2 ? 'Lan Nguyen sent you a friend request' : `Notification ${n}`,
  customer: { name: 'Lan Nguyen', photo_url: null },
  target: `/chat/n-${n}`,
  ...(n === 1 ? { notifiable_type: 'tag_message' as const } : {}),
  ...(n === 2 ? { notifiable_type: 'friend' as const, notify_message_json: { key: 'friend_request', value: { name: 'Lan Nguyen' } } } : {}),
})

type Filter = 'all' | 'mentions' | 'requests'
/** Which filter shows a notification besides All (the test's own reading: a mention, a friend request). */
const groupOf = (item: NotificationItem): Filter | null =>
  item.notifiable_type === 'tag_message' ? 'mentions' : item.notify_message_json?.key === 'friend_request' ? 'requests' : null
const TAB_NAMES: Record<Filter, string> = { all: 'All', mentions: 'Mentions', requests: 'Requests' }
const EMPTY_TEXTS: Record<Filter, string> = { all: 'No notifications yet', mentions: 'No mentions', requests: 'No friend requests' }

const blurred = (s: NotificationBadgeSnapshot) => s.matches({ window: 'blurred' })
const drawerOpen = (s: NotificationBadgeSnapshot) => s.matches({ drawer: 'open' })
/** A filter other than All is chosen: only a few events are tried then (the filter triples the states). */
const filtered = (s: NotificationBadgeSnapshot) => s.context.filter !== 'all'

// The open drawer is modal: what is behind it is hidden from the accessibility tree.
const bell = ({ screen }: Kit) => screen.getByRole('button', { name: /^Notifications/, hidden: true })
const drawer = ({ screen }: Kit) => screen.getByRole('dialog', { name: 'Notifications' })
/**
 * What this path's events say the user should see, kept by the test from the events it sent (the
 * oracle is not the machine): the items newest first with whether the user has read them, the
 * unread count and the title icon's count.
 */
interface Ledger {
  items: { id: string; message: string; seen: boolean; group: Filter | null }[]
  filter: Filter
  unread: number
  title: number
  blurred: boolean
}
const ledgers = new WeakMap<object, Ledger>()
const ledgerOf = (kit: Kit): Ledger => {
  let ledger = ledgers.get(kit.actor)
  if (!ledger) ledgers.set(kit.actor, (ledger = { items: [], filter: 'all', unread: 0, title: 0, blurred: false }))
  return ledger
}

/** The drawer slides out: its transition runs on animation frames. */
const slideOut = (kit: Kit) => kit.advance(100)
const iconLink = () => document.head.querySelector<HTMLLinkElement>('link[rel~="icon"]')

describeModel({
  machine: notificationBadgeMachine,
  input: { unread: 0 },
  serializeState: (s) =>
    JSON.stringify({
      value: s.value,
      title: s.context.titleCount,
      filter: s.context.filter,
      unread: Math.min(s.context.unread, 2),
      unseen: Math.min(s.context.items.filter((item) => !item.is_seen).length, 1),
      seen: s.context.items.some((item) => item.is_seen),
    }),
  events: {
    // Up to six while away (icons 1..4, then the 5 icon for 5 and 6); two while here.
    DATA: (s) =>
      (blurred(s) ? s.context.titleCount >= 6 : s.context.items.length >= 2)
        ? []
        : [{ type: 'DATA', notification: note(s.context.items.length + 1) }],
    UNREAD_COUNT: (s) =>
      filtered(s)
        ? []
        : s.context.items.length > 0 || blurred(s) || drawerOpen(s)
          ? []
          : [
              { type: 'UNREAD_COUNT', count: 0 },
              { type: 'UNREAD_COUNT', count: 3 },
            ],
    // The first page (GET notify) arrives after items that came live: those stay first, none twice.
    LOADED: (s) =>
      filtered(s)
        ? []
        : blurred(s) || s.context.items.some((item) => item._id === 'old-1') || s.context.items.length > 1
          ? []
          : [
              {
                type: 'LOADED',
                items: [
                  ...s.context.items.map((item) => ({ ...item })),
                  {
                    ...note(0),
                    _id: 'old-2',
                    target: '/chat/old-2',
                    notify_message: 'Earlier notification',
                    created_at: '2026-02-27T09:00:00.000Z',
                  },
                  {
                    ...note(0),
                    _id: 'old-1',
                    target: '/chat/old-1',
                    is_seen: true,
                    notify_message: 'Old notification',
                    created_at: '2026-02-26T09:00:00.000Z',
                  },
                ],
              },
            ],
    OPEN_DRAWER: (s) => (blurred(s) ? [] : [{ type: 'OPEN_DRAWER' }]),
    // The drawer's tabs: from All to Mentions or Requests, and from those back to All.
    FILTER: (s) =>
      drawerOpen(s) && !blurred(s)
        ? (filtered(s) ? (['all'] as const) : (['mentions', 'requests'] as const)).map((filter) => ({ type: 'FILTER', filter }))
        : [],
    CLOSE_DRAWER: (s) => (blurred(s) ? [] : [{ type: 'CLOSE_DRAWER' }]),
    SEEN: (s) => {
      if (filtered(s) || !drawerOpen(s) || blurred(s)) return []
      const unseen = s.context.items.find((item) => !item.is_seen)
      const seen = s.context.items.find((item) => item.is_seen)
      return [...(unseen ? [{ type: 'SEEN', id: unseen._id }] : []), ...(seen ? [{ type: 'SEEN', id: seen._id }] : [])]
    },
    SEEN_ALL: (s) => (filtered(s) ? [] : drawerOpen(s) && !blurred(s) ? [{ type: 'SEEN_ALL' }] : []),
    BLUR: (s) => (filtered(s) ? [] : drawerOpen(s) ? [] : [{ type: 'BLUR' }]),
    // A click on the newest item (read or not): it opens, and the drawer closes.
    OPEN: (s) =>
      filtered(s) ? [] : drawerOpen(s) && !blurred(s) && s.context.items.length > 0 ? [{ type: 'OPEN', id: s.context.items[0]!._id }] : [],
    // Read in another tab or device: the newest item, or all of them.
    SEEN_ELSEWHERE: (s) =>
      filtered(s)
        ? []
        : !blurred(s) && s.context.items.length > 0
          ? [
              {
                type: 'SEEN_ELSEWHERE',
                ids: [s.context.items[0]!._id],
                count: Math.max(0, s.context.unread - (s.context.items[0]!.is_seen ? 0 : 1)),
              },
              { type: 'SEEN_ELSEWHERE', ids: null, count: 0 },
            ]
          : [],
    // A friend request answered in place: the newest item leaves the list.
    REMOVED: (s) =>
      filtered(s)
        ? []
        : drawerOpen(s) && !blurred(s) && s.context.items.length > 0
          ? [{ type: 'REMOVED', id: s.context.items[0]!._id }]
          : [],
    // A friend request accepted in place: the newest item stays.
    FRIEND_ACCEPTED: (s) =>
      filtered(s)
        ? []
        : drawerOpen(s) && !blurred(s) && s.context.items.length > 0
          ? [{ type: 'FRIEND_ACCEPTED', id: s.context.items[0]!._id }]
          : [],
  },
  spyActions: ['showPush', 'showInApp', 'openTarget'],
  render: (snapshot, send) => {
    const badge = connect(snapshot, send)
    return (
      <>
        <TitleIcon {...badge.titleIcon} />
        <header>
          <NotificationBell {...badge.bell} />
        </header>
        <NotificationsDrawer {...badge.drawer} permission="granted" onEnableBrowserNotifications={() => {}} />
      </>
    )
  },
  perform: {
    FILTER: async (event, kit) => {
      ledgerOf(kit).filter = event.filter
      await kit.user.click(within(drawer(kit)).getByRole('tab', { name: TAB_NAMES[event.filter as Filter] }))
    },
    OPEN_DRAWER: async (_, kit) => {
      await kit.user.click(bell(kit))
    },
    CLOSE_DRAWER: async (_, kit) => {
      await kit.user.click(within(drawer(kit)).getByRole('button', { name: 'Close' }))
      await slideOut(kit)
    },
    SEEN: async (event, kit) => {
      const item = kit.previous.context.items.find((i) => i._id === event.id)!
      const ledger = ledgerOf(kit)
      const entry = ledger.items.find((i) => i.id === event.id)!
      if (!entry.seen) {
        entry.seen = true
        ledger.unread = Math.max(0, ledger.unread - 1)
      }
      if (item.is_seen) {
        // Already read (another tab): nothing to click, and nothing changes.
        await kit.send({ type: 'SEEN', id: event.id })
        return
      }
      const row = within(drawer(kit)).getByRole('listitem', { name: item.notify_message })
      await kit.user.click(within(row).getByRole('button', { name: 'Mark as read' }))
      expect(kit.calls.at(-1)).toMatchObject({ src: 'markSeen', input: { notify_id: event.id } })
    },
    SEEN_ALL: async (_, kit) => {
      const button = within(drawer(kit)).getByRole<HTMLButtonElement>('button', { name: 'Mark all as read' })
      const { unread, items } = kit.previous.context
      // Nothing unread: the button is disabled and the click does nothing.
      const disabled = !(unread > 0 || items.some((item) => !item.is_seen))
      expect(button.disabled).toBe(disabled)
      const ledger = ledgerOf(kit)
      if (ledger.unread > 0 || ledger.items.some((i) => !i.seen)) {
        for (const entry of ledger.items) entry.seen = true
        ledger.unread = 0
      }
      const calls = kit.calls.length
      await kit.user.click(button)
      if (disabled) expect(kit.calls.length).toBe(calls)
      else expect(kit.calls.at(-1)).toMatchObject({ src: 'markAllSeen' })
    },
    OPEN: async (event, kit) => {
      const item = kit.previous.context.items.find((i) => i._id === event.id)!
      const ledger = ledgerOf(kit)
      const entry = ledger.items.find((i) => i.id === event.id)!
      if (!entry.seen) {
        entry.seen = true
        ledger.unread = Math.max(0, ledger.unread - 1)
      }
      const calls = kit.calls.length
      const row = within(drawer(kit)).getByRole('listitem', { name: item.notify_message })
      await kit.user.click(within(row).getByRole('button', { name: item.notify_message }))
      await slideOut(kit)
      // Its target opens; an unread one is marked read on the server too.
      expect(kit.actions.openTarget.mock.calls.at(-1)?.[1]).toEqual({ target: `/chat/${event.id}` })
      if (item.is_seen) expect(kit.calls.length).toBe(calls)
      else expect(kit.calls.at(-1)).toMatchObject({ src: 'markSeen', input: { notify_id: event.id } })
    },
    SEEN_ELSEWHERE: async (event, kit) => {
      const ledger = ledgerOf(kit)
      for (const entry of ledger.items) if (event.ids === null || event.ids.includes(entry.id)) entry.seen = true
      ledger.unread = event.count
      const calls = kit.calls.length
      await kit.send({ type: 'SEEN_ELSEWHERE', ids: event.ids, count: event.count })
      // Nothing is saved again from here.
      expect(kit.calls.length).toBe(calls)
    },
    REMOVED: async (event, kit) => {
      const ledger = ledgerOf(kit)
      const entry = ledger.items.find((e) => e.id === event.id)!
      ledger.items = ledger.items.filter((e) => e.id !== event.id)
      if (!entry.seen) ledger.unread = Math.max(0, ledger.unread - 1)
      const calls = kit.calls.length
      await kit.send({ type: 'REMOVED', id: event.id })
      // Gone from the drawer; nothing is saved from here (the server removed it with the answer).
      expect(within(drawer(kit)).queryByRole('listitem', { name: entry.message })).toBeNull()
      expect(kit.calls.length).toBe(calls)
    },
    FRIEND_ACCEPTED: async (event, kit) => {
      const entry = ledgerOf(kit).items.find((e) => e.id === event.id)!
      const calls = kit.calls.length
      await kit.send({ type: 'FRIEND_ACCEPTED', id: event.id })
      // Still in the drawer, now a friend (3); nothing is saved from here (the server kept it so with the answer).
      expect(within(drawer(kit)).getByRole('listitem', { name: entry.message })).toBeTruthy()
      expect(kit.actor.getSnapshot().context.items.find((i) => i._id === event.id)?.friend_status).toBe(3)
      expect(kit.calls.length).toBe(calls)
    },
    LOADED: async (event, kit) => {
      const ledger = ledgerOf(kit)
      const known = new Set(ledger.items.map((i) => i.id))
      for (const item of event.items as NotificationItem[])
        if (!known.has(item._id))
          ledger.items.push({ id: item._id, message: item.notify_message, seen: item.is_seen, group: groupOf(item) })
      await kit.send({ type: 'LOADED', items: event.items } as never)
      const ids = kit.actor.getSnapshot().context.items.map((item) => item._id)
      expect(new Set(ids).size).toBe(ids.length)
      expect(ids.slice(0, kit.previous.context.items.length)).toEqual(kit.previous.context.items.map((item) => item._id))
    },
    UNREAD_COUNT: async (event, kit) => {
      ledgerOf(kit).unread = Math.max(0, event.count)
      await kit.send({ type: 'UNREAD_COUNT', count: event.count })
    },
    BLUR: async (_, kit) => {
      ledgerOf(kit).blurred = true
      await kit.send({ type: 'BLUR' })
    },
    FOCUS: async (_, kit) => {
      Object.assign(ledgerOf(kit), { blurred: false, title: 0 })
      await kit.send({ type: 'FOCUS' })
    },
    DATA: async (event, kit) => {
      const ledger = ledgerOf(kit)
      const notification = event.notification as NotificationItem
      ledger.items.unshift({
        id: notification._id,
        message: notification.notify_message,
        seen: notification.is_seen,
        group: groupOf(notification),
      })
      if (!notification.is_seen) ledger.unread++
      if (ledger.blurred) ledger.title++
      const pushes = kit.actions.showPush.mock.calls.length
      const inApp = kit.actions.showInApp.mock.calls.length
      await kit.send({ type: 'DATA', notification: event.notification })
      // A push only while the window is blurred; the in-app notice only while it has the focus and the
      // drawer is closed (the open drawer shows the item already).
      expect(kit.actions.showPush.mock.calls.length).toBe(pushes + (blurred(kit.previous) ? 1 : 0))
      expect(kit.actions.showInApp.mock.calls.length).toBe(inApp + (blurred(kit.previous) || drawerOpen(kit.previous) ? 0 : 1))
    },
  },
  states: {
    '*': (_, kit) => {
      // The counts follow from the events this path sent.
      const { unread } = ledgerOf(kit)
      expect(bell(kit).getAttribute('aria-label')).toMatch(
        unread > 0 ? new RegExp(`^Notifications, ${unread} unread`) : /^Notifications(, new)?$/,
      )
    },
    'dot.hidden': (_, kit) => {
      expect(bell(kit).querySelector('[data-dot]')).toBeNull()
      expect(bell(kit).getAttribute('aria-label')).not.toMatch(/, new$/)
    },
    'dot.shown': (_, kit) => {
      expect(bell(kit).querySelector('[data-dot]')).not.toBeNull()
      expect(bell(kit).getAttribute('aria-label')).toMatch(/, new$/)
    },
    'drawer.closed': (_, kit) => {
      expect(bell(kit).getAttribute('aria-expanded')).toBe('false')
      expect(kit.screen.queryByRole('dialog', { name: 'Notifications' })).toBeNull()
    },
    'drawer.open': (_, kit) => {
      expect(bell(kit).getAttribute('aria-expanded')).toBe('true')
      const { unread, filter } = ledgerOf(kit)
      // The chosen tab is selected, and the list holds its notifications only (All: every one).
      expect(within(drawer(kit)).getByRole('tab', { name: TAB_NAMES[filter], selected: true })).toBeTruthy()
      const items = ledgerOf(kit).items.filter((item) => filter === 'all' || item.group === filter)
      expect(within(drawer(kit)).getByText(unread > 0 ? `${unread} unread` : 'All caught up')).toBeTruthy()
      if (items.length === 0) {
        expect(within(drawer(kit)).getByText(EMPTY_TEXTS[filter])).toBeTruthy()
        return
      }
      // Every notification the test sent or loaded, once, newest first (live ones before the loaded
      // page); the ones the user has not read can be marked read.
      const rows = within(drawer(kit)).getAllByRole('listitem')
      const shown = rows.map((row) => row.getAttribute('aria-label'))
      expect(new Set(shown).size).toBe(shown.length)
      expect(shown).toEqual(items.map((item) => item.message))
      rows.forEach((row, i) => expect(within(row).queryByRole('button', { name: 'Mark as read' }) === null).toBe(items[i].seen))
    },
    'window.focused': () => {
      // Focus resets the title icon.
      expect(iconLink()?.dataset.count).toBe('0')
      expect(iconLink()?.getAttribute('href')).toBe('/favicon.svg')
    },
    'window.blurred': (_, kit) => {
      // 1 to 4: the numbered icon; 5 or more: the 5 icon. The count is the notifications sent while away.
      const n = ledgerOf(kit).title
      expect(iconLink()?.dataset.count).toBe(String(n >= 5 ? 5 : n))
      if (n > 0) expect(decodeURIComponent(iconLink()!.href)).toContain(`>${n >= 5 ? '5+' : n}</text>`)
    },
    'inbox.live': (expected, kit) => {
      expect(expected.context.unread).toBeGreaterThanOrEqual(0)
      expect(kit.actor.getSnapshot().context.items.length).toBe(expected.context.items.length)
    },
  },
})
