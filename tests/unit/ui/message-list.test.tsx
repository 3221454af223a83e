// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest'
import { fireEvent, render, screen, within } from '@testing-library/react'
import type { ComponentProps } from 'react'
import { I18nProvider } from '@lingui/react'
import { i18n } from '@lingui/core'
import type { Message } from '../../../contract/message'
import { dayStarts, runContinuations } from '../../../src/machines/conversation'
import { MessageList } from '../../../src/ui/conversation/message-list'
import { withLayout } from '../../model/support/layout'
import { textMessage } from '../../model/support/messages'

// jsdom has no scrolling; the list scrolls to its newest row.
Object.defineProperty(Element.prototype, 'scrollTo', { value: () => {}, writable: true, configurable: true })

/** Local times: the separators follow the reader's calendar day. */
const at = (day: number, hour: number, minute: number) => new Date(2026, 10, day, hour, minute).toISOString()
const from = (id: string, sender: string, created_at: string): Message =>
  textMessage({
    _id: id,
    topic_id: 't',
    seq: 1,
    message: `Message ${id}`,
    sender: { _id: sender, name: sender === 'lan' ? 'Lan' : 'Bảo', workid: sender, photo_url: null },
    created_at,
  })

/** The list with nothing older, no actions, and `props` over that. */
function renderList(props: Partial<ComponentProps<typeof MessageList>> & { messages: Message[] }) {
  return render(
    <I18nProvider i18n={i18n}>
      <MessageList
        pending={[]}
        firstUnreadId={null}
        hasOlder={false}
        loadingOlder={false}
        meId="me"
        may={{ pin: false, delete: () => false }}
        onLoadOlder={() => {}}
        onOpenSheet={() => {}}
        actions={{ onReply: () => {}, onEdit: () => {}, onDelete: () => {}, onPin: () => {}, onForward: () => {} }}
        {...props}
      />
    </I18nProvider>,
  )
}

describe("the conversation's day separators", () => {
  withLayout()

  it('separates the days (Tuesday, Yesterday, Today) and restarts the sender runs after each', () => {
    const messages = [
      from('a', 'lan', at(24, 9, 0)),
      from('b', 'lan', at(24, 9, 1)),
      from('c', 'lan', at(26, 23, 58)),
      from('d', 'lan', at(27, 0, 1)),
      from('e', 'bao', at(27, 0, 2)),
    ]
    renderList({
      messages,
      continued: runContinuations(messages, null),
      dayStarts: dayStarts(messages),
      now: new Date(2026, 10, 27, 10, 0),
    })
    // The feed's rows: the separators are text between the messages (a feed holds only articles).
    const rows = [...screen.getByRole('feed', { name: 'Messages' }).children] as HTMLElement[]
    const separators = rows.filter((row) => row.querySelector('[data-day-separator]'))
    expect(separators.map((s) => s.textContent)).toEqual(['Tuesday, November 24', 'Yesterday', 'Today'])
    expect(separators.every((s) => s.getAttribute('role') === null)).toBe(true)
    // Each separator comes before its day's first message.
    const order = rows.map((row) => row.textContent)
    expect(order[0]).toBe('Tuesday, November 24')
    expect(order[3]).toBe('Yesterday')
    expect(order[5]).toBe('Today')
    // 'c' at 23:58 and 'd' at 00:01 are 3 minutes apart from one sender, but 'd' opens a day: Lan's name shows again.
    expect(rows[6]!.textContent).toContain('Lan')
    expect(rows[2]!.textContent).not.toContain('Lan')
  })
})

describe('older messages', () => {
  withLayout()
  const messages = [from('a', 'lan', at(24, 9, 0)), from('b', 'bao', at(24, 9, 5))]

  it('a list that has older messages offers them at its top, also when no scroll can reach there', () => {
    const onLoadOlder = vi.fn()
    renderList({ messages, hasOlder: true, onLoadOlder })
    fireEvent.click(screen.getByRole('button', { name: 'Load older messages' }))
    expect(onLoadOlder).toHaveBeenCalledTimes(1)
  })

  it('while the older page loads, says so instead of offering it', () => {
    renderList({ messages, hasOlder: true, loadingOlder: true })
    expect(screen.getByRole('status').textContent).toBe('Loading older messages…')
    expect(screen.queryByRole('button', { name: 'Load older messages' })).toBeNull()
  })

  it('with nothing older, offers nothing', () => {
    renderList({ messages, hasOlder: false })
    expect(screen.queryByRole('button', { name: 'Load older messages' })).toBeNull()
  })
})

describe('the feed, for screen readers and the keyboard', () => {
  withLayout()
  const messages = [
    from('a', 'lan', at(27, 9, 0)),
    from('b', 'me', at(27, 9, 5)),
    textMessage({ ...from('c', 'bao', at(27, 9, 7)), message: '**Ship** it' }),
  ]
  const now = new Date(2026, 10, 27, 10, 0)

  it('is a feed of articles, each named by its sender (or You) and time, with its place in the set', () => {
    renderList({ messages, now })
    const feed = screen.getByRole('feed', { name: 'Messages' })
    expect(feed.getAttribute('aria-busy')).toBe('false')
    const articles = within(feed).getAllByRole('article')
    expect(articles.map((a) => a.getAttribute('aria-label'))).toEqual(['Lan, Today 09:00', 'You, Today 09:05', 'Bảo, Today 09:07'])
    expect(articles.map((a) => [a.getAttribute('aria-posinset'), a.getAttribute('aria-setsize'), a.tabIndex])).toEqual([
      ['1', '3', 0],
      ['2', '3', 0],
      ['3', '3', 0],
    ])
  })

  it('while older messages load it is busy, and the whole count is unknown (-1) while there are older ones', () => {
    renderList({ messages, now, hasOlder: true, loadingOlder: true })
    const feed = screen.getByRole('feed', { name: 'Messages' })
    expect(feed.getAttribute('aria-busy')).toBe('true')
    expect(within(feed).getAllByRole('article')[0]!.getAttribute('aria-setsize')).toBe('-1')
  })

  it('Page Down, Page Up and the arrows move focus between messages; Enter reaches a message’s actions', () => {
    renderList({ messages, now })
    const articles = within(screen.getByRole('feed', { name: 'Messages' })).getAllByRole('article')
    articles[0]!.focus()
    fireEvent.keyDown(articles[0]!, { key: 'PageDown' })
    expect(document.activeElement).toBe(articles[1])
    fireEvent.keyDown(articles[1]!, { key: 'ArrowDown' })
    expect(document.activeElement).toBe(articles[2])
    fireEvent.keyDown(articles[2]!, { key: 'PageDown' })
    expect(document.activeElement).toBe(articles[2])
    fireEvent.keyDown(articles[2]!, { key: 'PageUp' })
    expect(document.activeElement).toBe(articles[1])
    fireEvent.keyDown(articles[1]!, { key: 'Enter' })
    expect(articles[1]!.contains(document.activeElement)).toBe(true)
    expect(document.activeElement!.tagName).toBe('BUTTON')
  })

  it('announces a new message from someone else once, as plain text; not the first page, not one’s own', () => {
    const view = renderList({ messages, now })
    const live = () => screen.getByRole('log', { name: 'New message' }).textContent
    expect(live()).toBe('')
    const mine = from('d', 'me', at(27, 9, 8))
    const rerender = (list: Message[]) =>
      view.rerender(
        <I18nProvider i18n={i18n}>
          <MessageList
            messages={list}
            now={now}
            pending={[]}
            firstUnreadId={null}
            hasOlder={false}
            loadingOlder={false}
            meId="me"
            may={{ pin: false, delete: () => false }}
            onLoadOlder={() => {}}
            onOpenSheet={() => {}}
            actions={{ onReply: () => {}, onEdit: () => {}, onDelete: () => {}, onPin: () => {}, onForward: () => {} }}
          />
        </I18nProvider>,
      )
    rerender([...messages, mine])
    expect(live()).toBe('')
    const incoming = textMessage({ ...from('e', 'lan', at(27, 9, 9)), message: 'See **this**, _now_' })
    rerender([...messages, mine, incoming])
    expect(live()).toBe('Lan: See this, now')
  })
})
