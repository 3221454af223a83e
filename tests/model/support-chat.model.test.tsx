import { expect, vi } from 'vitest'
import { act, within } from '@testing-library/react'
import { connect, supportChatMachine } from '../../src/machines/support-chat'
import { SupportDrawer } from '../../src/ui/app/support-drawer'
import { describeModel, type ModelKit } from './support/run-model'
import { topicInfoFixture } from './support/topics'

/** The sidebar's support chat: a 356 px drawer with the user's chat with the support desk. */

type Kit = ModelKit<typeof supportChatMachine>

const TOPIC = topicInfoFixture({
  _id: 't-support',
  name: 'Workroom Support',
  is_group: false,
  admin: 'u-me',
  role: 20,
  partner_id: 'u-desk',
})

const drawer = (kit: Kit) => kit.screen.queryByRole('dialog', { name: 'Support chat' })

describeModel({
  machine: supportChatMachine,
  events: {
    'xstate.done.actor.openSupport': [{ type: 'xstate.done.actor.openSupport', output: TOPIC }],
    'xstate.error.actor.openSupport': [{ type: 'xstate.error.actor.openSupport', error: new Error('Permission denied') }],
  },
  render: (snapshot, send) => {
    const support = connect(snapshot, send)
    return (
      <>
        {/* the sidebar's entry */}
        <button type="button" onClick={support.onOpen}>
          Support chat
        </button>
        <SupportDrawer {...support} chat={support.topic ? <p>Chat {support.topic._id}</p> : null} />
      </>
    )
  },
  perform: {
    OPEN: async (_, kit) => {
      await kit.user.click(kit.screen.getByRole('button', { name: 'Support chat' }))
    },
    CLOSE: async (_, kit) => {
      await kit.user.click(within(drawer(kit)!).getByRole('button', { name: 'Close' }))
      // The drawer slides out (Headless UI transition) before it leaves the page.
      await act(() => vi.advanceTimersByTimeAsync(1000))
    },
    RETRY: async (_, kit) => {
      await kit.user.click(within(drawer(kit)!).getByRole('button', { name: 'Retry' }))
    },
  },
  states: {
    closed: (_, kit) => {
      expect(drawer(kit)).toBeNull()
    },
    opening: (_, kit) => {
      expect(within(drawer(kit)!).getByRole('status').textContent).toBe('Opening the support chat…')
      expect(kit.pending('openSupport')).toBeTruthy()
    },
    open: (_, kit) => {
      expect(within(drawer(kit)!).getByText('Chat t-support')).toBeTruthy()
    },
    failed: (_, kit) => {
      expect(within(drawer(kit)!).getByRole('alert').textContent).toBe('Could not open the support chat. Permission deniedRetry')
    },
  },
})
