// @vitest-environment jsdom
import { describe, expect, it } from 'vitest'
import { render, screen } from '@testing-library/react'
import { I18nProvider } from '@lingui/react'
import { i18n } from '@lingui/core'
import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from '@tanstack/react-router'
import { ChatHeader, type ChatHeaderProps } from '../../../src/ui/conversation/chat-header'

/** The chat header in a router (its links), in English. */
async function show(props: Partial<ChatHeaderProps>) {
  const header = (
    <ChatHeader
      topicId="t-1"
      title="Lan Trần"
      isGroup={false}
      membersCount={2}
      person={null}
      pinnedShown={false}
      onTogglePinned={() => {}}
      {...props}
    />
  )
  const router = createRouter({
    routeTree: createRootRoute({ component: () => header }),
    history: createMemoryHistory({ initialEntries: ['/chat/t-1'] }),
  })
  render(
    <I18nProvider i18n={i18n}>
      <RouterProvider router={router} />
    </I18nProvider>,
  )
  return screen.findByRole('heading', { level: 1 })
}

describe('chat header', () => {
  it('a 1:1 chat names the person, links to their profile and says nothing of members', async () => {
    await show({ person: { workid: 'lan-tran', photoUrl: null } })
    const profile = screen.getByRole('link', { name: /Lan Trần/ })
    expect(profile.getAttribute('href')).toBe('/people/lan-tran')
    expect(screen.queryByText(/members?$/)).toBeNull()
    expect(screen.queryByRole('button', { name: 'Unfriend' })).toBeNull()
  })

  it('a group counts its members in the singular and the plural', async () => {
    await show({ title: 'Launch', isGroup: true, membersCount: 1 })
    expect(screen.getByText('1 member')).toBeTruthy()
  })

  it('a group of three says 3 members', async () => {
    await show({ title: 'Launch', isGroup: true, membersCount: 3 })
    expect(screen.getByText('3 members')).toBeTruthy()
  })

  it('Back and the chat options are icon buttons with names', async () => {
    await show({})
    expect(screen.getByRole('link', { name: 'Back to chats' }).getAttribute('href')).toBe('/chat/default')
    expect(screen.getByRole('button', { name: 'Chat options' }).textContent).toBe('')
  })
})
