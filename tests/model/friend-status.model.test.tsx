import { expect } from 'vitest'
import { within } from '@testing-library/react'
import type { Person } from '../../contract/relates'
import { connect, friendStatusMachine, type FriendStatusInput } from '../../src/machines/friend-status'
import { FriendActions } from '../../src/ui/friend-status/friend-actions'
import { describeModel, type ModelKit } from './support/run-model'

type Kit = ModelKit<typeof friendStatusMachine>

const start = (friendStatus: FriendStatusInput['friendStatus'], over: Partial<FriendStatusInput> = {}): FriendStatusInput => ({
  customerId: 'customer-42',
  name: 'Hoa Pham',
  photoUrl: null,
  friendStatus,
  ...over,
})
/** The person as the server answers (contract/relates.ts). */
const answer = (friend_status: Person['friend_status'], over: Partial<Person> = {}): Person => ({
  _id: 'customer-42',
  name: 'Hoa Pham',
  workid: 'hoapham',
  photo_url: null,
  friend_status,
  incoming: false,
  blocked: false,
  only_friends_message: false,
  ...over,
})
const done = (id: string, outputs: unknown[]) => outputs.map((output) => ({ type: `xstate.done.actor.${id}`, output }))
const refused = { message: 'You cannot contact this person.' }
const errors = (id: string) => [
  { type: `xstate.error.actor.${id}`, error: refused },
  {
    type: `xstate.error.actor.${id}`,
    error: { message: '', cause: 'offline' } /* no server message: the runtime's failingWithMessage(…, '') */,
  },
]

const region = ({ screen }: Kit) => screen.getByRole('region', { name: 'Hoa Pham' })
const button = (kit: Kit, name: string) => within(region(kit)).getByRole<HTMLButtonElement>('button', { name })
const noButton = (kit: Kit, name: string) => expect(within(region(kit)).queryByRole('button', { name })).toBeNull()

/** The words of each failure (written here, not read from the component). */
const FAILURES: Record<string, string> = {
  send: 'Could not send the friend request.',
  cancel: 'Could not cancel the friend request.',
  accept: 'Could not accept the friend request.',
  reject: 'Could not reject the friend request.',
  unfriend: 'Could not remove this friend.',
  block: 'Could not block this person.',
  unblock: 'Could not unblock this person.',
}

describeModel({
  machine: friendStatusMachine,
  inputs: {
    stranger: start(0),
    'status 2': start(2),
    requested: start(1),
    incoming: start(0, { incoming: true }),
    friend: start(3),
    'friend taking messages only from friends': start(3, { onlyFriendsMessage: true }),
    blocked: start(0, { blocked: true }),
    unknown: start(null),
  },
  select: 'transitions',
  events: {
    'xstate.done.actor.loadPerson': done('loadPerson', [
      answer(0),
      answer(1),
      answer(0, { incoming: true }),
      answer(3),
      answer(0, { blocked: true }),
    ]),
    'xstate.error.actor.loadPerson': [{ type: 'xstate.error.actor.loadPerson', error: { message: '', cause: 'offline' } }],
    // Sending to someone who had asked me makes us friends at once.
    'xstate.done.actor.sendRequest': done('sendRequest', [answer(1), answer(3)]),
    'xstate.error.actor.sendRequest': errors('sendRequest'),
    'xstate.done.actor.cancelRequest': done('cancelRequest', [answer(0)]),
    'xstate.error.actor.cancelRequest': errors('cancelRequest'),
    'xstate.done.actor.acceptFriend': done('acceptFriend', [answer(3)]),
    'xstate.error.actor.acceptFriend': errors('acceptFriend'),
    'xstate.done.actor.rejectFriend': done('rejectFriend', [answer(0)]),
    'xstate.error.actor.rejectFriend': errors('rejectFriend'),
    'xstate.done.actor.unfriend': done('unfriend', [answer(0)]),
    'xstate.error.actor.unfriend': errors('unfriend'),
    'xstate.done.actor.block': done('block', [answer(0, { blocked: true })]),
    'xstate.error.actor.block': errors('block'),
    'xstate.done.actor.unblock': done('unblock', [answer(0)]),
    'xstate.error.actor.unblock': errors('unblock'),
  },
  spyActions: ['removeItem'],
  render: (snapshot, send) => (
    <section aria-label="Hoa Pham">
      <FriendActions {...connect(snapshot, send)} showBlock />
    </section>
  ),
  perform: {
    SEND: async (_, kit) => kit.user.click(button(kit, 'Add friend')),
    CANCEL: async (_, kit) => kit.user.click(button(kit, 'Cancel request')),
    ACCEPT: async (_, kit) => kit.user.click(button(kit, 'Accept')),
    REJECT: async (_, kit) => kit.user.click(button(kit, 'Reject')),
    UNFRIEND: async (_, kit) => kit.user.click(button(kit, 'Unfriend')),
    BLOCK: async (_, kit) => kit.user.click(button(kit, 'Block')),
    CONFIRM: async (_, kit) => {
      const question = within(region(kit)).getByRole('group', { name: /^Confirm (unfriending|blocking) Hoa Pham$/ })
      await kit.user.click(within(question).getByRole('button', { name: /^Yes, / }))
    },
    DISMISS: async (_, kit) => {
      const question = within(region(kit)).getByRole('group', { name: /^Confirm (unfriending|blocking) Hoa Pham$/ })
      await kit.user.click(within(question).getByRole('button', { name: 'Cancel' }))
    },
    UNBLOCK: async (_, kit) => kit.user.click(button(kit, 'Unblock')),
    RETRY: async (_, kit) => kit.user.click(button(kit, 'Retry')),
  },
  states: {
    '*': (expected, kit) => {
      const { error, errorDetail } = expected.context
      const alerts = within(region(kit)).queryAllByRole('alert')
      if (!error) expect(alerts).toHaveLength(0)
      else if (error !== 'load')
        expect(alerts.map((a) => a.textContent)).toEqual([`${FAILURES[error]} ${errorDetail ?? 'Please try again.'}`])
    },
    loading: (_, kit) => {
      expect(within(region(kit)).getByRole('status').textContent).toBe('Loading…')
      expect(within(region(kit)).queryByRole('button')).toBeNull()
      expect(kit.pending('loadPerson').input).toEqual({ customer_id: 'customer-42' })
    },
    loadFailed: (_, kit) => {
      expect(within(region(kit)).getByRole('alert').textContent).toContain('Could not load this person.')
      expect(button(kit, 'Retry').disabled).toBe(false)
    },
    stranger: (expected, kit) => {
      expect([0, 2]).toContain(expected.context.friendStatus)
      expect(button(kit, 'Add friend').disabled).toBe(false)
      expect(button(kit, 'Block').disabled).toBe(false)
      noButton(kit, 'Unfriend')
      noButton(kit, 'Accept')
      if (kit.previous.matches('rejecting')) {
        expect(kit.actions.removeItem).toHaveBeenCalled()
        expect(kit.actions.removeItem.mock.calls.at(-1)?.[1]).toEqual({ customerId: 'customer-42', outcome: 'rejected' })
      }
    },
    sending: (_, kit) => {
      expect(button(kit, 'Add friend').getAttribute('aria-busy')).toBe('true')
      expect(button(kit, 'Add friend').disabled).toBe(true)
      expect(button(kit, 'Block').disabled).toBe(true)
      expect(kit.pending('sendRequest').input).toEqual({ customer_id: 'customer-42' })
    },
    requested: (_, kit) => {
      expect(within(region(kit)).getByText('Friend request sent')).toBeTruthy()
      expect(button(kit, 'Cancel request').disabled).toBe(false)
      noButton(kit, 'Add friend')
    },
    cancelling: (_, kit) => {
      expect(button(kit, 'Cancel request').getAttribute('aria-busy')).toBe('true')
      expect(button(kit, 'Cancel request').disabled).toBe(true)
      expect(kit.pending('cancelRequest').input).toEqual({ customer_id: 'customer-42' })
    },
    incoming: (expected, kit) => {
      expect(within(region(kit)).getByText('Sent you a friend request')).toBeTruthy()
      expect(button(kit, 'Accept').disabled).toBe(false)
      expect(button(kit, 'Reject').disabled).toBe(false)
      if (!expected.context.removed) expect(kit.actions.removeItem).not.toHaveBeenCalled()
    },
    accepting: (_, kit) => {
      expect(button(kit, 'Accept').getAttribute('aria-busy')).toBe('true')
      expect(button(kit, 'Accept').disabled).toBe(true)
      expect(button(kit, 'Reject').disabled).toBe(true)
      expect(kit.pending('acceptFriend').input).toEqual({ customer_id: 'customer-42' })
    },
    rejecting: (_, kit) => {
      expect(button(kit, 'Reject').getAttribute('aria-busy')).toBe('true')
      expect(button(kit, 'Accept').disabled).toBe(true)
      expect(kit.pending('rejectFriend').input).toEqual({ customer_id: 'customer-42' })
    },
    friend: (expected, kit) => {
      expect(expected.context.friendStatus).toBe(3)
      expect(within(region(kit)).getByText('Friends')).toBeTruthy()
      expect(button(kit, 'Unfriend').disabled).toBe(false)
      noButton(kit, 'Add friend')
      if (kit.previous.matches('accepting')) {
        // Accepted: the request item leaves its list.
        expect(expected.context.removed).toBe(true)
        expect(kit.actions.removeItem.mock.calls.at(-1)?.[1]).toEqual({ customerId: 'customer-42', outcome: 'accepted' })
      }
    },
    confirmingUnfriend: (expected, kit) => {
      const question = within(region(kit)).getByRole('group', { name: 'Confirm unfriending Hoa Pham' })
      expect(question.textContent).toContain('Remove Hoa Pham from your friends?')
      // The warning shows exactly when the person takes messages only from friends.
      expect(question.textContent?.includes('you will no longer be able to message them')).toBe(
        expected.context.onlyFriendsMessage === true,
      )
      expect(button(kit, 'Unfriend').disabled).toBe(true)
      expect(() => kit.pending('unfriend')).toThrow()
    },
    confirmingBlock: (_, kit) => {
      const question = within(region(kit)).getByRole('group', { name: 'Confirm blocking Hoa Pham' })
      expect(question.textContent).toContain('Block Hoa Pham?')
      expect(button(kit, 'Block').disabled).toBe(true)
      expect(() => kit.pending('block')).toThrow()
    },
    unfriending: (_, kit) => {
      expect(button(kit, 'Unfriend').getAttribute('aria-busy')).toBe('true')
      expect(kit.pending('unfriend').input).toEqual({ customer_id: 'customer-42' })
    },
    blocking: (_, kit) => {
      expect(button(kit, 'Block').getAttribute('aria-busy')).toBe('true')
      expect(button(kit, 'Block').disabled).toBe(true)
      expect(kit.pending('block').input).toEqual({ customer_id: 'customer-42' })
    },
    blocked: (_, kit) => {
      expect(within(region(kit)).getByText('Blocked')).toBeTruthy()
      expect(button(kit, 'Unblock').disabled).toBe(false)
      noButton(kit, 'Add friend')
      noButton(kit, 'Block')
    },
    unblocking: (_, kit) => {
      expect(button(kit, 'Unblock').getAttribute('aria-busy')).toBe('true')
      expect(kit.pending('unblock').input).toEqual({ customer_id: 'customer-42' })
    },
  },
})
