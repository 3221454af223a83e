// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest'
import { act, fireEvent, render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { I18nProvider } from '@lingui/react'
import { i18n } from '@lingui/core'
import type { NotificationItem } from '../../../src/machines/notification-badge'
import { NotificationList, type NotificationPaging } from '../../../src/ui/notification-badge/notification-list'
import { NotificationBell } from '../../../src/ui/notification-badge/notification-bell'
import { TitleIcon, titleIconHref } from '../../../src/ui/notification-badge/title-icon'
import { withLayout } from '../../model/support/layout'

const now = new Date('2026-03-15T12:00:00Z')
const items: NotificationItem[] = [
  {
    _id: 'a',
    is_seen: false,
    created_at: '2026-03-15T11:59:30Z',
    notify_message: 'Minh Trần sent you a friend request',
    customer: { name: 'Minh Trần', photo_url: null },
  },
  { _id: 'b', is_seen: false, created_at: '2026-03-15T09:00:00Z', notify_message: 'Payment failed', customer: null },
  { _id: 'c', is_seen: true, created_at: '2026-03-12T12:00:00Z', notify_message: 'Booking approved', customer: null },
]

const list = (onSeen = vi.fn(), onSeenAll = vi.fn()) => {
  render(
    <I18nProvider i18n={i18n}>
      <NotificationList items={items} unread={2} canMarkAllSeen onSeen={onSeen} onSeenAll={onSeenAll} now={now} />
    </I18nProvider>,
  )
  return { onSeen, onSeenAll, rows: within(screen.getByRole('list', { name: 'Notifications' })).getAllByRole('listitem') }
}

describe('the notification drawer list', () => {
  // The rows are virtualised: a tall viewport shows all of these few, as a browser does.
  withLayout()

  it('shows who, what and how long ago, newest first', () => {
    const { rows } = list()
    expect(rows.map((row) => row.getAttribute('aria-label'))).toEqual([
      'Minh Trần sent you a friend request',
      'Payment failed',
      'Booking approved',
    ])
    expect(within(rows[0]).getByText('just now')).toBeTruthy()
    expect(within(rows[1]).getByText('3 hours ago')).toBeTruthy()
    expect(within(rows[2]).getByText('3 days ago')).toBeTruthy()
    expect(rows[0].querySelector('[data-initials="MT"]')).toBeTruthy()
    expect(screen.getByText('2 unread')).toBeTruthy()
  })

  it('a mention shows its excerpt (two lines at most); a request accepted here says you are now friends, and offers no buttons', () => {
    const friendActions = vi.fn(() => <button type="button">Accept</button>)
    render(
      <I18nProvider i18n={i18n}>
        <NotificationList
          items={[
            {
              _id: 'm',
              is_seen: false,
              created_at: '2026-03-15T11:00:00Z',
              notify_message: 'Bình Lê mentioned you in Dự án',
              notifiable_type: 'tag_message',
              value: { key: 'tag_message', topic_id: 't1', value: 'Can you check the budget before Friday?' },
              customer: { name: 'Bình Lê', photo_url: null },
            },
            {
              _id: 'f',
              is_seen: true,
              created_at: '2026-03-15T10:00:00Z',
              notify_message: 'Minh Trần sent you a friend request',
              notifiable_type: 'friend',
              friend_status: 3,
              notify_message_json: { key: 'friend_request', value: { name: 'Minh Trần' } },
              customer: { name: 'Minh Trần', photo_url: null },
            },
          ]}
          unread={1}
          canMarkAllSeen
          onSeen={vi.fn()}
          onSeenAll={vi.fn()}
          now={now}
          friendActions={friendActions}
        />
      </I18nProvider>,
    )
    const rows = within(screen.getByRole('list', { name: 'Notifications' })).getAllByRole('listitem')
    const excerpt = within(rows[0]).getByText('“Can you check the budget before Friday?”')
    expect(excerpt.className).toContain('line-clamp-2')
    expect(within(rows[1]).getByText('You are now friends')).toBeTruthy()
    expect(within(rows[1]).queryByRole('button', { name: 'Accept' })).toBeNull()
    expect(friendActions).not.toHaveBeenCalled()
    // The unread row's time reads at 4.5:1 or more on its tint (slate-700, not slate-500).
    expect(within(rows[0]).getByText('1 hour ago').closest('p')!.className).toContain('text-slate-700')
  })

  it('a click on an unread item marks it read, once; read ones do nothing', async () => {
    const user = userEvent.setup()
    const { rows, onSeen } = list()
    await user.click(within(rows[1]).getByText('Payment failed'))
    expect(onSeen).toHaveBeenCalledWith('b')
    await user.click(within(rows[0]).getByRole('button', { name: 'Mark as read' }))
    expect(onSeen.mock.calls).toEqual([['b'], ['a']])
    await user.click(within(rows[2]).getByText('Booking approved'))
    expect(onSeen).toHaveBeenCalledTimes(2)
    expect(within(rows[2]).queryByRole('button', { name: 'Mark as read' })).toBeNull()
  })

  it('with a target to open, a click opens the item (read or not); friend items carry the friends area’s buttons', async () => {
    const user = userEvent.setup()
    const onOpen = vi.fn()
    const friendItems: NotificationItem[] = [
      { ...items[0]!, notifiable_type: 'friend', friend_status: 1 },
      { ...items[2]!, notifiable_type: 'booking' },
    ]
    render(
      <I18nProvider i18n={i18n}>
        <NotificationList
          items={friendItems}
          unread={1}
          canMarkAllSeen
          onSeen={vi.fn()}
          onSeenAll={vi.fn()}
          onOpen={onOpen}
          now={now}
          friendActions={(item) => <button type="button">Accept {item._id}</button>}
        />
      </I18nProvider>,
    )
    const rows = within(screen.getByRole('list', { name: 'Notifications' })).getAllByRole('listitem')
    await user.click(within(rows[0]!).getByRole('button', { name: 'Minh Trần sent you a friend request' }))
    await user.click(within(rows[1]!).getByRole('button', { name: 'Booking approved' }))
    expect(onOpen.mock.calls).toEqual([['a'], ['c']])
    expect(within(rows[0]!).getByRole('button', { name: 'Accept a' })).toBeTruthy()
    expect(within(rows[1]!).queryByRole('button', { name: /^Accept/ })).toBeNull()
  })

  it('the words come from the message key in the reader’s language; without a known key, the server’s text', async () => {
    const keyed: NotificationItem[] = [
      {
        ...items[0]!,
        notify_message: 'server text',
        notify_message_json: { key: 'booking_request', value: { title: 'Consulting', time: '2026-03-15T09:30:00' } },
      },
      { ...items[1]!, notify_message: 'Thanh toán thất bại', notify_message_json: { key: 'some_future_kind', value: {} } },
    ]
    render(
      <I18nProvider i18n={i18n}>
        <NotificationList items={keyed} unread={2} canMarkAllSeen onSeen={vi.fn()} onSeenAll={vi.fn()} now={now} />
      </I18nProvider>,
    )
    const rows = within(screen.getByRole('list', { name: 'Notifications' })).getAllByRole('listitem')
    expect(rows.map((row) => row.getAttribute('aria-label'))).toEqual([
      'New booking request for Consulting at 09:30 15/03',
      'Thanh toán thất bại',
    ])
  })

  it("'Mark all as read'", async () => {
    const { onSeenAll } = list()
    await userEvent.setup().click(screen.getByRole('button', { name: 'Mark all as read' }))
    expect(onSeenAll).toHaveBeenCalledTimes(1)
  })
})

describe('the notification drawer list is virtualised', () => {
  // A drawer 360 px tall, every row 72 px: five rows in view.
  const VIEWPORT_PX = 360
  const ROW_PX = 72
  withLayout(VIEWPORT_PX, ROW_PX)

  const many = (count: number): NotificationItem[] =>
    Array.from({ length: count }, (_, i) => ({
      _id: `n${i + 1}`,
      is_seen: false,
      created_at: '2026-03-15T11:00:00Z',
      notify_message: `Notification ${i + 1}`,
      customer: null,
    }))
  /** The paging props of a list whose next page loads, may follow, came last, or failed. */
  const pagesOf = (status: 'loading' | 'loaded' | 'exhausted' | 'failed', onLoadMore = vi.fn()): NotificationPaging => ({
    loading: false,
    loadingMore: status === 'loading',
    failed: false,
    error: status === 'failed' ? 'offline' : null,
    hasMore: status !== 'exhausted',
    onLoadMore,
    onRetry: vi.fn(),
  })
  const view = (items: NotificationItem[], pages: NotificationPaging) => (
    <I18nProvider i18n={i18n}>
      <NotificationList items={items} unread={items.length} canMarkAllSeen onSeen={vi.fn()} onSeenAll={vi.fn()} now={now} pages={pages} />
    </I18nProvider>
  )
  const rows = () => within(screen.getByRole('list', { name: 'Notifications' })).getAllByRole('listitem')
  const names = () => rows().map((row) => row.getAttribute('aria-label'))
  /** The user scrolls a list of `count` rows to its end. */
  const scrollToEnd = (count: number) => {
    const scroller = screen.getByTestId('notification-scroller')
    scroller.scrollTop = count * ROW_PX - VIEWPORT_PX
    fireEvent.scroll(scroller)
  }

  it('holds only the rows in view and a few around them; each says where it is in the list', () => {
    render(view(many(200), pagesOf('exhausted')))
    const shown = rows()
    expect(shown.length).toBeGreaterThanOrEqual(VIEWPORT_PX / ROW_PX)
    expect(shown.length).toBeLessThan(20)
    expect(shown[0]!.getAttribute('aria-label')).toBe('Notification 1')
    expect(shown.map((row) => row.getAttribute('aria-posinset'))).toEqual(shown.map((_, i) => String(i + 1)))
    expect(new Set(shown.map((row) => row.getAttribute('aria-setsize')))).toEqual(new Set(['200']))
  })

  it('scrolling near the end shows the last rows and asks for the next page, once', () => {
    const onLoadMore = vi.fn()
    const { rerender } = render(view(many(60), pagesOf('loaded', onLoadMore)))
    // The top of a long list asks for nothing.
    expect(onLoadMore).not.toHaveBeenCalled()
    scrollToEnd(60)
    expect(names()).toContain('Notification 60')
    expect(names()).not.toContain('Notification 1')
    expect(onLoadMore).toHaveBeenCalledTimes(1)
    // While that page loads, scrolling asks for nothing more.
    rerender(view(many(60), pagesOf('loading', onLoadMore)))
    scrollToEnd(59)
    scrollToEnd(60)
    expect(onLoadMore).toHaveBeenCalledTimes(1)
    // The page came in full: the end is 20 rows further, out of view, until scrolled to.
    rerender(view(many(80), pagesOf('loaded', onLoadMore)))
    expect(onLoadMore).toHaveBeenCalledTimes(1)
    scrollToEnd(80)
    expect(names()).toContain('Notification 80')
    expect(onLoadMore).toHaveBeenCalledTimes(2)
  })

  it('the end asks for nothing once the last page came, nor after a failure (Try again is there)', () => {
    for (const status of ['exhausted', 'failed'] as const) {
      const onLoadMore = vi.fn()
      const { unmount } = render(view(many(60), pagesOf(status, onLoadMore)))
      scrollToEnd(60)
      expect(names()).toContain('Notification 60')
      expect(onLoadMore).not.toHaveBeenCalled()
      unmount()
    }
  })

  it('a notification arriving live is put first, at the top', () => {
    const items = many(100)
    const { rerender } = render(view(items, pagesOf('loaded')))
    const live: NotificationItem = {
      _id: 'live',
      is_seen: false,
      created_at: '2026-03-15T11:59:59Z',
      notify_message: 'Just arrived',
      customer: null,
    }
    rerender(view([live, ...items], pagesOf('loaded')))
    expect(names().slice(0, 2)).toEqual(['Just arrived', 'Notification 1'])
    expect(rows()[0]!.getAttribute('aria-posinset')).toBe('1')
  })

  it('the row holding the keyboard focus stays in the page when it scrolls out of view', () => {
    render(view(many(200), pagesOf('exhausted')))
    const button = within(rows()[0]!).getByRole('button', { name: 'Mark as read' })
    act(() => button.focus())
    scrollToEnd(200)
    expect(names()).toContain('Notification 200')
    expect(names()[0]).toBe('Notification 1')
    expect(names()).not.toContain('Notification 2')
    expect(document.activeElement).toBe(button)
    // Once the focus leaves it, the row goes like the others.
    act(() => button.blur())
    scrollToEnd(199)
    expect(names()).not.toContain('Notification 1')
  })
})

describe('the bell', () => {
  it('the red dot carries the unread count; the name says it', () => {
    const { rerender } = render(<NotificationBell dot unread={3} drawerOpen={false} onOpen={() => {}} />, {
      wrapper: ({ children }) => <I18nProvider i18n={i18n}>{children}</I18nProvider>,
    })
    const bell = screen.getByRole('button')
    expect(bell.getAttribute('aria-label')).toBe('Notifications, 3 unread, new')
    expect(bell.querySelector('[data-dot]')?.textContent).toBe('3')
    rerender(<NotificationBell dot unread={120} drawerOpen={false} onOpen={() => {}} />)
    expect(bell.querySelector('[data-dot]')?.textContent).toBe('99+')
    rerender(<NotificationBell dot={false} unread={3} drawerOpen onOpen={() => {}} />)
    expect(bell.querySelector('[data-dot]')).toBeNull()
    expect(bell.getAttribute('aria-label')).toBe('Notifications, 3 unread')
  })
})

describe('the title icon', () => {
  it('numbered 1 to 4, the 5 icon for 5 and more, inline SVG', () => {
    expect(titleIconHref(0)).toBe('/favicon.svg')
    for (const n of [1, 2, 3, 4] as const) {
      expect(titleIconHref(n).startsWith('data:image/svg+xml,')).toBe(true)
      expect(decodeURIComponent(titleIconHref(n))).toContain(`>${n}</text>`)
    }
    expect(decodeURIComponent(titleIconHref(5))).toContain('>5+</text>')
  })

  it('goes back to the plain icon when the layout goes (logout)', () => {
    const { rerender, unmount } = render(<TitleIcon icon={3} />)
    const link = document.head.querySelector<HTMLLinkElement>('link[rel~="icon"]')!
    expect(link.dataset.count).toBe('3')
    rerender(<TitleIcon icon={5} />)
    expect(link.dataset.count).toBe('5')
    unmount()
    expect(link.dataset.count).toBe('0')
    expect(link.getAttribute('href')).toBe('/favicon.svg')
  })
})
