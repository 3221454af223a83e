import { expect, vi } from 'vitest'
import { act, within } from '@testing-library/react'
import type { TopicInfo } from '../../contract/topic'
import { DEFAULT_TOPIC_PERMISSIONS } from '../../contract/topic'
import { connect, supportChatMachine } from '../../src/machines/support-chat'
import { SupportDrawer } from '../../src/ui/app/support-drawer'
import { describeModel, type ModelKit } from './support/run-model'

/** The sidebar's support chat: a 356 px drawer with the user's chat with the support desk. */

type Kit = ModelKit<typeof supportChatMachine>

const TOPIC: TopicInfo = {
  _id: 't-support',
  name: 'Workroom Support',
  image: null,
  photo_url: null,
  is_group: false,
  is_pin: false,
  is_seen: true,
  in_call: false,
  channel_id: null,
  admin: 'u-me',
  role: 20,
  members_count: 2,
  permission: DEFAULT_TOPIC_PERMISSIONS,
  label_id: null,
  created_at: '2026-03-01T09:00:00.000Z',
  message: null,
  partner_id: 'u-desk',
  last_seen_seq: 0,
  customers: [],
}

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
