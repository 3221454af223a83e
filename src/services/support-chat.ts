import { useEffect, useMemo } from 'react'
import { useActorRef, useSelector } from '@xstate/react'
import { fromPromise } from 'xstate'
import { DEFAULT_SUPPORT_API_KEY } from '../../contract'
import { connect, supportChatMachine, type TopicInfo } from '../machines/support-chat'
import { supportChat } from './api/topic'
import { failingWithMessage } from './failure'

/** The support desk's key the app was built with (VITE_SUPPORT_API_KEY), the server's default otherwise. */
const SUPPORT_API_KEY: string = (import.meta.env.VITE_SUPPORT_API_KEY as string | undefined) || DEFAULT_SUPPORT_API_KEY

/** The sidebar's support chat: opens while `open` (the layout's support panel), for the signed-in user. */
export function useSupportChat(open: boolean, meId: string) {
  const actor = useActorRef(
    supportChatMachine.provide({
      actors: { openSupport: fromPromise<TopicInfo>(() => failingWithMessage(supportChat(SUPPORT_API_KEY, meId))) },
    }),
  )
  useEffect(() => {
    if (meId) actor.send({ type: open ? 'OPEN' : 'CLOSE' })
  }, [actor, open, meId])
  const snapshot = useSelector(actor, (s) => s)
  return useMemo(() => connect(snapshot, actor.send), [snapshot, actor])
}
