import { useMemo } from 'react'
import { useNavigate } from '@tanstack/react-router'
import { useActorRef, useSelector } from '@xstate/react'
import { fromPromise } from 'xstate'
import {
  channelMembersMachine,
  connect,
  type AddLabelInput,
  type ChangeRoleInput,
  type ChannelMembersInput,
  type Label,
  type Member,
  type MembersPageInput,
  type RemoveMemberInput,
} from '../machines/channel-members'
import { withPages } from '../machines/paged-list'
import {
  addChannelLabel,
  channelLabels,
  channelPage,
  deleteChannelLabel,
  leaveChannel,
  removeChannelMember,
  setChannelRole,
} from './api/channel'
import { failingWithMessage } from './failure'

/**
 * A channel's members and labels as a member of it sees them (the channel page). Leaving goes to the
 * chats (the session fetches the user again on the OUT_CHANNEL that follows).
 */
export function useChannelMembers(input: ChannelMembersInput) {
  const navigate = useNavigate()
  const actor = useActorRef(
    channelMembersMachine.provide({
      actors: {
        list: withPages((input: MembersPageInput) =>
          failingWithMessage(channelPage(input.channelId, input.page).then((page) => page.customers)),
        ),
        changeRole: fromPromise<Member, ChangeRoleInput>(({ input }) =>
          failingWithMessage(setChannelRole(input.channelId, input.customer_id, input.role)),
        ),
        loadLabels: fromPromise<Label[], { channelId: string }>(({ input }) => channelLabels(input.channelId)),
        addLabel: fromPromise<Label, AddLabelInput>(({ input }) =>
          failingWithMessage(addChannelLabel(input.channelId, input.name, input.color)),
        ),
        deleteLabel: fromPromise<unknown, { labelId: string }>(({ input }) => failingWithMessage(deleteChannelLabel(input.labelId))),
        removeMember: fromPromise<unknown, RemoveMemberInput>(({ input }) =>
          failingWithMessage(removeChannelMember(input.channelId, input.customer_id)),
        ),
        leaveChannel: fromPromise<unknown, { channelId: string }>(({ input }) => failingWithMessage(leaveChannel(input.channelId))),
      },
      actions: {
        leftChannel: () => void navigate({ to: '/chat/default' }),
      },
    }),
    { input },
  )
  const snapshot = useSelector(actor, (s) => s)
  return useMemo(() => connect(snapshot, actor.send), [snapshot, actor])
}
