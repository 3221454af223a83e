// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest'
import { render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { I18nProvider } from '@lingui/react'
import { i18n } from '@lingui/core'
import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from '@tanstack/react-router'
import type { FoundMessage } from '../../../contract/search'
import type { MessageSearchProps } from '../../../src/machines/message-search'
import { MessageSearchPage } from '../../../src/ui/search/message-search-page'

const found = (id: string, topicId: string, topicName: string): FoundMessage => ({
  _id: id,
  topic_id: topicId,
  topic_name: topicName,
  partner_name: null,
  seq: 3,
  thread_root_id: null,
  sender: null,
  text: 'hẹn gặp ở Đà Nẵng',
  highlights: [{ start: 10, length: 7 }],
  truncated_start: false,
  truncated_end: false,
  created_at: '2026-03-01T08:00:00.000Z',
})

/** The page in a router (its result links), in English, with the given results and chat. */
async function show(messages: FoundMessage[], inChat: MessageSearchProps['inChat']) {
  const onSearchIn = vi.fn()
  const props: MessageSearchProps = {
    items: messages,
    loading: false,
    failed: false,
    empty: messages.length === 0,
    hasMore: false,
    loadingMore: false,
    refreshing: false,
    error: null,
    onLoadMore: () => {},
    onRetry: () => {},
    keyword: 'da nang',
    idle: false,
    results: messages.map((message) => ({ message, chatName: message.topic_name, parts: [{ text: message.text, match: false }] })),
    count: messages.length,
    moreToCome: false,
    inChat,
  }
  const page = <MessageSearchPage {...props} onSearch={() => {}} onSearchIn={onSearchIn} />
  const router = createRouter({
    routeTree: createRootRoute({ component: () => page }),
    history: createMemoryHistory({ initialEntries: ['/search?q=da+nang'] }),
  })
  render(
    <I18nProvider i18n={i18n}>
      <RouterProvider router={router} />
    </I18nProvider>,
  )
  await screen.findByRole('heading', { level: 1 })
  return onSearchIn
}

describe('message search in one chat', () => {
  it('each result offers to search only its chat', async () => {
    const onSearchIn = await show([found('m-1', 'topic-7', 'Đội Đà Nẵng'), found('m-2', 'topic-9', 'Hà Nội')], null)
    expect(screen.getByText('2 results')).toBeTruthy()
    expect(screen.queryByRole('button', { name: 'Search all chats' })).toBeNull()
    const list = screen.getByRole('list', { name: 'Messages found' })
    await userEvent.click(within(list).getByRole('button', { name: 'Only this chat: Hà Nội' }))
    expect(onSearchIn).toHaveBeenCalledWith('topic-9')
  })

  it('in one chat: a chip names it, no result offers it again, and "Search all chats" goes back', async () => {
    const onSearchIn = await show([found('m-1', 'topic-7', 'Đội Đà Nẵng')], { topicId: 'topic-7', name: 'Đội Đà Nẵng' })
    expect(screen.getByText('Only in Đội Đà Nẵng')).toBeTruthy()
    expect(screen.getByText('1 result')).toBeTruthy()
    expect(screen.queryByRole('button', { name: /^Only this chat/ })).toBeNull()
    await userEvent.click(screen.getByRole('button', { name: 'Search all chats' }))
    expect(onSearchIn).toHaveBeenCalledWith(null)
  })

  it('in one chat with nothing found: the chip says one chat', async () => {
    await show([], { topicId: 'topic-7', name: '' })
    expect(screen.getByText('Only in one chat')).toBeTruthy()
    expect(screen.getByRole('heading', { level: 2, name: 'No messages contain “da nang”' })).toBeTruthy()
  })
})

describe('where a result opens', () => {
  it('a reply shown only in its thread opens the thread on it; a message of the chat opens the chat at its seq', async () => {
    await show([{ ...found('m-1', 'topic-7', 'Đội Đà Nẵng'), thread_root_id: 'm-root' }, found('m-2', 'topic-9', 'Hà Nội')], null)
    const links = within(screen.getByRole('list', { name: 'Messages found' })).getAllByRole('link')
    expect(links.map((link) => link.getAttribute('href'))).toEqual(['/chat/topic-7/thread/m-root?reply=3', '/chat/topic-9?seq=3'])
  })
})
