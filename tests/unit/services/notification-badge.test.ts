// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest'
import { createActor, fromPromise } from 'xstate'
import {
  connect,
  notificationBadgeMachine,
  type NotificationBadgeEvent,
  type NotificationItem,
} from '../../../src/machines/notification-badge'
import { appNotificationBadgeMachine, connectNotificationBadge, type NotificationFeed } from '../../../src/services/notification-badge'

const item = (n: number, over: Partial<NotificationItem> = {}): NotificationItem => ({
  _id: `n-${n}`,
  is_seen: false,
  created_at: `2026-03-0${n}T09:00:00.000Z`,
  notify_message: `Notification ${n}`,
  customer: null,
  ...over,
})

const flush = () => new Promise((resolve) => setTimeout(resolve, 0))

describe('notificationBadge: the first page (LOADED)', () => {
  const start = () =>
    createActor(
      notificationBadgeMachine.provide({
        actors: {
          markSeen: fromPromise<unknown, { notify_id: string }>(async () => null),
          markAllSeen: fromPromise<unknown, void>(async () => null),
        },
      }),
      { input: {} },
    ).start()

  it('fills the list without touching the dot or the count', () => {
    const actor = start()
    actor.send({ type: 'LOADED', items: [item(2), item(1, { is_seen: true })] })
    const { bell, drawer } = connect(actor.getSnapshot(), actor.send)
    expect(drawer.items.map((i) => i._id)).toEqual(['n-2', 'n-1'])
    expect(bell.dot).toBe(false)
    expect(bell.unread).toBe(0)
    // The list's unread ones can be marked read, even before the count arrived.
    expect(drawer.canMarkAllSeen).toBe(true)
  })

  it('keeps items that came live meanwhile first, and none twice', () => {
    const actor = start()
    actor.send({ type: 'DATA', notification: item(4) })
    actor.send({ type: 'DATA', notification: item(3) })
    // The page was asked for before n-4 arrived but answered after n-3 was stored.
    actor.send({ type: 'LOADED', items: [item(3), item(2), item(1)] })
    expect(actor.getSnapshot().context.items.map((i) => i._id)).toEqual(['n-4', 'n-3', 'n-2', 'n-1'])
  })

  it('live items older than the page (a later page’s) go after it, newest first', () => {
    const actor = start()
    // Five arrived live before the drawer was opened; page 1 holds the newest three.
    for (const n of [1, 2, 3, 4, 5]) actor.send({ type: 'DATA', notification: item(n) })
    actor.send({ type: 'LOADED', items: [item(5), item(4), item(3)] })
    expect(actor.getSnapshot().context.items.map((i) => i._id)).toEqual(['n-5', 'n-4', 'n-3', 'n-2', 'n-1'])
    // Page 2 then brings the older two again: none twice.
    actor.send({ type: 'LOADED', items: [item(2), item(1)] })
    expect(actor.getSnapshot().context.items.map((i) => i._id)).toEqual(['n-5', 'n-4', 'n-3', 'n-2', 'n-1'])
  })

  it('an item of the page can be marked read', () => {
    const seen: string[] = []
    const actor = createActor(
      notificationBadgeMachine.provide({
        actors: {
          markSeen: fromPromise<unknown, { notify_id: string }>(async ({ input }) => {
            seen.push(input.notify_id)
          }),
        },
      }),
      { input: { unread: 1 } },
    ).start()
    actor.send({ type: 'LOADED', items: [item(1)] })
    actor.send({ type: 'SEEN', id: 'n-1' })
    expect(seen).toEqual(['n-1'])
    expect(actor.getSnapshot().context.unread).toBe(0)
  })
})

describe('connectNotificationBadge: what the layout feeds the machine', () => {
  afterEach(() => vi.restoreAllMocks())

  it('sends the count, socket data and NOTIFY_SEEN, focus and blur; stops on cleanup', async () => {
    vi.spyOn(document, 'hasFocus').mockReturnValue(true)
    let onData: ((n: NotificationItem) => void) | null = null
    let onSeen: ((p: { ids: string[] | null; notification: number }) => void) | null = null
    const feed: NotificationFeed = {
      unreadCount: async () => 3,
      onData: (handler) => {
        onData = handler
        return () => {
          onData = null
        }
      },
      onSeenElsewhere: (handler) => {
        onSeen = handler
        return () => {
          onSeen = null
        }
      },
    }
    const sent: NotificationBadgeEvent[] = []
    const stop = connectNotificationBadge((event) => sent.push(event), feed)
    await flush()
    expect(sent).toEqual([{ type: 'UNREAD_COUNT', count: 3 }])
    onData!(item(2))
    onSeen!({ ids: ['n-2'], notification: 2 })
    window.dispatchEvent(new Event('blur'))
    window.dispatchEvent(new Event('focus'))
    expect(sent.slice(1)).toEqual([
      { type: 'DATA', notification: item(2) },
      { type: 'SEEN_ELSEWHERE', ids: ['n-2'], count: 2 },
      { type: 'BLUR' },
      { type: 'FOCUS' },
    ])

    stop()
    expect(onData).toBeNull()
    expect(onSeen).toBeNull()
    window.dispatchEvent(new Event('blur'))
    expect(sent).toHaveLength(5)
  })

  it('starts blurred when the page opens in the background; failed loads are silent', async () => {
    vi.spyOn(document, 'hasFocus').mockReturnValue(false)
    const sent: NotificationBadgeEvent[] = []
    const stop = connectNotificationBadge((event) => sent.push(event), {
      unreadCount: () => Promise.reject(new Error('offline')),
      onData: () => () => {},
    })
    await flush()
    expect(sent).toEqual([{ type: 'BLUR' }])
    stop()
  })

  it('asks for the count again at each socket connection: what came while it was away reached no socket', async () => {
    vi.spyOn(document, 'hasFocus').mockReturnValue(true)
    const sent: NotificationBadgeEvent[] = []
    let stored = 0
    let connected: (() => void) | null = null
    const stop = connectNotificationBadge((event) => sent.push(event), {
      unreadCount: async () => stored,
      onData: () => () => {},
      onConnect: (handler) => {
        connected = handler
        return () => {
          connected = null
        }
      },
    })
    await flush()
    stored = 2 // two notifications stored while the socket was still connecting
    connected!()
    await flush()
    expect(sent).toEqual([
      { type: 'UNREAD_COUNT', count: 0 },
      { type: 'UNREAD_COUNT', count: 2 },
    ])
    stop()
    expect(connected).toBeNull()
  })

  it('one count on its way at a time: asked for again meanwhile, its answer is dropped and the count read once more', async () => {
    vi.spyOn(document, 'hasFocus').mockReturnValue(true)
    const sent: NotificationBadgeEvent[] = []
    const answers: ((count: number) => void)[] = []
    let connected: () => void = () => {}
    const stop = connectNotificationBadge((event) => sent.push(event), {
      unreadCount: () => new Promise<number>((resolve) => answers.push(resolve)),
      onData: () => () => {},
      onConnect: (handler) => {
        connected = handler
        return () => {}
      },
    })
    connected()
    connected()
    expect(answers).toHaveLength(1)
    answers[0]!(1)
    await flush()
    expect(sent).toEqual([])
    expect(answers).toHaveLength(2)
    answers[1]!(4)
    await flush()
    expect(sent).toEqual([{ type: 'UNREAD_COUNT', count: 4 }])
    stop()
  })

  const withPendingCounts = () => {
    const sent: NotificationBadgeEvent[] = []
    const answers: ((count: number) => void)[] = []
    let onData: (n: NotificationItem) => void = () => {}
    const stop = connectNotificationBadge((event) => sent.push(event), {
      unreadCount: () => new Promise<number>((resolve) => answers.push(resolve)),
      onData: (handler) => {
        onData = handler
        return () => {}
      },
    })
    return { sent, answers, data: (n: NotificationItem) => onData(n), stop }
  }

  it('a notification arriving while a count is on its way asks again: that count was read before it was stored', async () => {
    vi.spyOn(document, 'hasFocus').mockReturnValue(true)
    const { sent, answers, data, stop } = withPendingCounts()
    data(item(1))
    answers[0]!(0) // read before item 1 was stored
    await flush()
    answers[1]!(1)
    await flush()
    expect(sent).toEqual([
      { type: 'DATA', notification: item(1) },
      { type: 'UNREAD_COUNT', count: 1 },
    ])
    stop()
  })

  it('a notification arriving after its count was read: the count read after it decides (no +1 twice)', async () => {
    vi.spyOn(document, 'hasFocus').mockReturnValue(true)
    const { sent, answers, data, stop } = withPendingCounts()
    answers[0]!(1) // item 1 was stored before this read; its socket event comes after
    await flush()
    data(item(1))
    expect(answers).toHaveLength(2)
    answers[1]!(1)
    await flush()
    const actor = createActor(notificationBadgeMachine, { input: {} }).start()
    sent.forEach((event) => actor.send(event))
    expect(connect(actor.getSnapshot(), actor.send).bell.unread).toBe(1)
    stop()
  })

  it('answers arriving after cleanup are dropped', async () => {
    vi.spyOn(document, 'hasFocus').mockReturnValue(true)
    const sent: NotificationBadgeEvent[] = []
    const stop = connectNotificationBadge((event) => sent.push(event), { unreadCount: async () => 1, onData: () => () => {} })
    stop()
    await flush()
    expect(sent).toEqual([])
  })
})

describe('the app machine: a browser notification only while away, and only when allowed', () => {
  const shown: { title: string; body?: string; tag?: string }[] = []
  const original = (window as { Notification?: unknown }).Notification
  afterEach(() => {
    shown.length = 0
    Object.assign(window, { Notification: original })
  })

  const fakeNotification = (permission: NotificationPermission) =>
    Object.assign(window, {
      Notification: class {
        static permission = permission
        onclick: (() => void) | null = null
        constructor(title: string, options?: NotificationOptions) {
          shown.push({ title, body: options?.body, tag: options?.tag })
        }
        close() {}
      },
    })

  it('granted: shown for data while blurred, titled by who did it', () => {
    fakeNotification('granted')
    const actor = createActor(appNotificationBadgeMachine, { input: {} }).start()
    actor.send({ type: 'DATA', notification: item(1) })
    expect(shown).toEqual([])
    actor.send({ type: 'BLUR' })
    actor.send({ type: 'DATA', notification: item(2, { customer: { name: 'Minh Trần', photo_url: null } }) })
    actor.send({ type: 'DATA', notification: item(3) })
    expect(shown).toEqual([
      { title: 'Minh Trần', body: 'Notification 2', tag: 'n-2' },
      { title: 'Workroom', body: 'Notification 3', tag: 'n-3' },
    ])
  })

  it('not granted: nothing is shown, and nothing asks for permission', () => {
    fakeNotification('default')
    const request = vi.fn()
    Object.assign((window as unknown as { Notification: object }).Notification, { requestPermission: request })
    const actor = createActor(appNotificationBadgeMachine, { input: {} }).start()
    actor.send({ type: 'BLUR' })
    actor.send({ type: 'DATA', notification: item(1) })
    expect(shown).toEqual([])
    expect(request).not.toHaveBeenCalled()
  })
})
