// @vitest-environment jsdom
import { createElement as h } from 'react'
import { describe, expect, it, vi } from 'vitest'
import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { i18n } from '@lingui/core'
import { I18nProvider } from '@lingui/react'
import { createMemoryHistory, createRootRoute, createRoute, createRouter, Outlet, RouterProvider } from '@tanstack/react-router'
import type { TopicListProps, TopicRowView } from '../../../src/machines/topic-list'
import { ShellActionsContext } from '../../../src/ui/app/shell-context'

/**
 * The chats page's header and empty list without a channel: 'Create a channel' asks the sidebar
 * layout (its shell actions) for the create-channel modal; with a channel, New group instead.
 */
const state = vi.hoisted(() => ({ channel: null as string | null, topics: [] as TopicRowView[] }))
vi.mock('../../../src/services/session', () => ({
  useSession: <T,>(selector: (s: unknown) => T) => selector({ context: { user: { _id: 'me', account: { channel: state.channel } } } }),
}))
vi.mock('../../../src/services/topic-list', () => ({
  useTopicList: (): TopicListProps => {
    const nothing = () => {}
    return {
      status: 'ready',
      topics: state.topics,
      hiddenChats: null,
      onPin: nothing,
      onUnpin: nothing,
      onHide: nothing,
      onUnhide: nothing,
      onShowHidden: nothing,
      onCloseHidden: nothing,
      onRetryHidden: nothing,
      onToggleSeen: nothing,
      onRetry: nothing,
      onAdded: nothing,
    }
  },
}))
vi.mock('../../../src/services/people-picker', () => ({ usePeoplePicker: () => ({ open: false, onOpen: () => {} }) }))
vi.mock('../../../src/services/new-group', () => ({ useNewGroup: () => ({ open: false, onOpen: () => {} }) }))

const { Route } = await import('../../../src/routes/_app/chat/route')
const ChatLayout = Route.options.component!

// jsdom has no scrolling (the router restores scroll).
Object.defineProperty(window, 'scrollTo', { value: () => {}, writable: true })

async function renderChats(createChannel: () => void) {
  const root = createRootRoute({ component: () => h(Outlet) })
  const router = createRouter({
    routeTree: root.addChildren([
      createRoute({ getParentRoute: () => root, path: '/chat', component: ChatLayout }),
      createRoute({ getParentRoute: () => root, path: '/contact', component: () => h('p', null, 'contacts') }),
    ]),
    history: createMemoryHistory({ initialEntries: ['/chat'] }),
  })
  // Matched and loaded before the first render (the page is shown at once, also on a busy machine).
  await router.load()
  const shell = { openPrivacySettings: () => {}, createChannel }
  render(h(I18nProvider, { i18n }, h(ShellActionsContext.Provider, { value: shell }, h(RouterProvider, { router }))))
}

const row: TopicRowView = {
  id: 't1',
  name: 'Bao Tran',
  isGroup: false,
  photoUrl: null,
  initials: 'BT',
  pinned: false,
  unread: false,
  preview: { kind: 'none' },
  draft: null,
  partnerId: null,
  at: '2026-02-01T08:00:00.000Z',
}

describe('the chat list without a channel', () => {
  it('a fresh account’s empty list offers New message, Create a channel and Find people; Create a channel opens the modal', async () => {
    state.channel = null
    state.topics = []
    const createChannel = vi.fn()
    await renderChats(createChannel)
    const empty = (await screen.findByText('No chats yet')).parentElement!
    const offered = [...empty.querySelectorAll('button, a')].map((el) => el.textContent)
    expect(offered).toEqual(['New message', 'Create a channel', 'Find people'])
    // The header offers it in New group's place.
    expect(screen.queryByRole('button', { name: 'New group' })).toBeNull()
    const [inHeader, inList] = screen.getAllByRole('button', { name: 'Create a channel' })
    expect(inHeader.getAttribute('aria-haspopup')).toBe('dialog')
    await userEvent.click(inList!)
    await userEvent.click(inHeader!)
    expect(createChannel).toHaveBeenCalledTimes(2)
  })

  it('a list with chats but no channel keeps Create a channel in the header', async () => {
    state.channel = null
    state.topics = [row]
    await renderChats(vi.fn())
    // The list (jsdom measures no rows: the virtualised list shows none of them).
    await screen.findByRole('list', { name: 'Chats' })
    expect(screen.queryByText('No chats yet')).toBeNull()
    expect(screen.getAllByRole('button', { name: 'Create a channel' })).toHaveLength(1)
  })

  it('with a channel: New group, and no Create a channel', async () => {
    state.channel = 'ch-1'
    state.topics = []
    await renderChats(vi.fn())
    await screen.findByRole('button', { name: 'New group' })
    expect(screen.queryByRole('button', { name: 'Create a channel' })).toBeNull()
  })
})
