import { useEffect, useMemo, useRef } from 'react'
import { useActorRef, useSelector } from '@xstate/react'
import { fromPromise } from 'xstate'
import type { Topic } from '../../contract/topic'
import { type Candidate, connect, type CreateGroupInput, newGroupMachine } from '../machines/new-group'
import { channelPage } from './api/channel'
import { addTopic } from './api/topic'
import { failingWithMessage } from './failure'
import { everyPage } from './pages'

const appNewGroupMachine = newGroupMachine.provide({
  actors: {
    loadMembers: fromPromise<Candidate[], { channelId: string }>(({ input }) =>
      everyPage((page) => channelPage(input.channelId, page).then((p) => p.customers)),
    ),
    createGroup: fromPromise<Topic, CreateGroupInput>(({ input }) =>
      failingWithMessage(addTopic(input.channel_id, input.name, input.customer_ids)),
    ),
  },
})

/** The new-group dialog: the newGroup machine with the channel's members and POST channel/add-topic; `onCreated` gets the new group. */
export function useNewGroup(meId: string, onCreated: (topic: Topic) => void) {
  const actor = useActorRef(appNewGroupMachine, { input: { meId } })
  const latest = useRef(onCreated)
  latest.current = onCreated
  useEffect(() => {
    const subscription = actor.on('created', ({ topic }) => latest.current(topic))
    return () => subscription.unsubscribe()
  }, [actor])
  const snapshot = useSelector(actor, (s) => s)
  return useMemo(() => connect(snapshot, actor.send), [snapshot, actor])
}
