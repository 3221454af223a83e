import { expect } from 'vitest'
import { within } from '@testing-library/react'
import { connect, friendStatusMachine, type FriendStatusInput } from '../../src/machines/friend-status'
import { FriendRequestItem } from '../../src/ui/friend-status/friend-request-item'
import { describeModel, type ModelKit } from './support/run-model'

type Kit = ModelKit<typeof friendStatusMachine>

const person = (friendStatus: FriendStatusInput['friendStatus']): FriendStatusInput => ({ customerId: 'customer-42', name: 'Hoa Pham', photoUrl: null, friendStatus })

const item = ({ screen }: Kit) => within(screen.getByRole('list', { name: 'Contact requests' })).getByRole('listitem', { name: 'Hoa Pham' })
const button = (kit: Kit, name: string) => within(item(kit)).getByRole<HTMLButtonElement>('button', { name })

describeModel({
  machine: friendStatusMachine,
  // friend_status 0 and 2: stranger, 1: requested, 3: friend.
  inputs: { 'status 0': person(0), 'status 1': person(1), 'status 2': person(2), 'status 3': person(3) },
  spyActions: ['removeItem'],
  render: (snapshot, send) => (
    <ul aria-label="Contact requests">
      <FriendRequestItem {...connect(snapshot, send)} />
    </ul>
  ),
  perform: {
    ACCEPT: async (_, kit) => {
      await kit.user.click(button(kit, 'Accept'))
    },
    REJECT: async (_, kit) => {
      await kit.user.click(button(kit, 'Reject'))
    },
  },
  states: {
    '*': (expected, kit) => {
      if (!expected.context.error) expect(kit.screen.queryByRole('alert')).toBeNull()
    },
    stranger: (expected, kit) => {
      if (expected.context.removed) {
        // Rejected: friend_status 0 and the item is gone.
        expect(expected.context.friendStatus).toBe(0)
        expect(kit.screen.queryByRole('listitem')).toBeNull()
        expect(kit.actions.removeItem).toHaveBeenCalledTimes(1)
        expect(kit.actions.removeItem.mock.calls[0][1]).toEqual({ customerId: 'customer-42' })
      } else {
        expect(within(item(kit)).getByText('Not a friend')).toBeTruthy()
        expect(within(item(kit)).queryByRole('button')).toBeNull()
      }
    },
    requested: (expected, kit) => {
      expect(within(item(kit)).getByText('Sent you a friend request')).toBeTruthy()
      expect(button(kit, 'Accept').disabled).toBe(false)
      expect(button(kit, 'Reject').disabled).toBe(false)
      if (expected.context.error === 'accept') expect(within(item(kit)).getByRole('alert').textContent).toBe('Could not accept the friend request. Please try again.')
      if (expected.context.error === 'reject') expect(within(item(kit)).getByRole('alert').textContent).toBe('Could not reject the friend request. Please try again.')
      expect(kit.actions.removeItem).not.toHaveBeenCalled()
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
      if (expected.context.removed) {
        // Accepted: friend_status 3 and the item is gone.
        expect(expected.context.friendStatus).toBe(3)
        expect(kit.screen.queryByRole('listitem')).toBeNull()
        expect(kit.actions.removeItem).toHaveBeenCalledTimes(1)
      } else {
        expect(within(item(kit)).getByText('Friend')).toBeTruthy()
        expect(within(item(kit)).queryByRole('button')).toBeNull()
      }
    },
  },
})
