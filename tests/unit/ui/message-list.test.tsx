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
    const separators = screen.getAllByRole('separator')
    expect(separators.map((s) => s.getAttribute('aria-label'))).toEqual(['Tuesday, November 24', 'Yesterday', 'Today'])
    // Each separator comes before its day's first message.
    const rows = within(screen.getByRole('list', { name: 'Messages' })).getAllByRole('listitem')
    const order = rows.map((row) => row.querySelector('[role="separator"]')?.getAttribute('aria-label') ?? row.textContent)
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
