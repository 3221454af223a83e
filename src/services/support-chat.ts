import { useEffect, useMemo } from 'react'
import { useActorRef, useSelector } from '@xstate/react'
import { fromPromise } from 'xstate'
import { DEFAULT_SUPPORT_API_KEY, endpoints } from '../../contract'
import { connect, supportChatMachine, type TopicInfo } from '../machines/support-chat'
import { failingWithMessage } from './failure'
import { call } from './http'

/** The support desk's key the app was built with (VITE_SUPPORT_API_KEY), the server's default otherwise. */
const SUPPORT_API_KEY: string = (import.meta.env.VITE_SUPPORT_API_KEY as string | undefined) || DEFAULT_SUPPORT_API_KEY

async function openSupport(meId: string): Promise<TopicInfo> {
  const { topic_id } = await call(endpoints.supportChat, { api_key: SUPPORT_API_KEY, customer_id: meId }, { quiet: true })
  return call(endpoints.topicInfo, { topic_id }, { quiet: true })
}

/** The sidebar's support chat: opens while `open` (the layout's support panel), for the signed-in user. */
export function useSupportChat(open: boolean, meId: string) {
  const actor = useActorRef(
    supportChatMachine.provide({
      actors: { openSupport: fromPromise<TopicInfo>(() => failingWithMessage(openSupport(meId))) },
    }),
  )
  useEffect(() => {
    if (meId) actor.send({ type: open ? 'OPEN' : 'CLOSE' })
  }, [actor, open, meId])
  const snapshot = useSelector(actor, (s) => s)
  return useMemo(() => connect(snapshot, actor.send), [snapshot, actor])
}
