import { useMemo } from 'react'
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
} from '../machines/channel-members'
import { addChannelLabel, channelLabels, channelPage, deleteChannelLabel, setChannelRole } from './channels'
import { failingWithMessage } from './failure'

/** A channel's members and labels as a member of it sees them (the channel page). */
export function useChannelMembers(input: ChannelMembersInput) {
  const actor = useActorRef(
    channelMembersMachine.provide({
      actors: {
        loadMembers: fromPromise<Member[], MembersPageInput>(({ input }) =>
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
      },
    }),
    { input },
  )
  const snapshot = useSelector(actor, (s) => s)
  return useMemo(() => connect(snapshot, actor.send), [snapshot, actor])
}
