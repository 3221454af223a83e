import { useEffect, useMemo } from 'react'
import { useActorRef, useSelector } from '@xstate/react'
import { connect, connectivityMachine, type OfflineNoticeProps } from '../machines/connectivity'

/** The connectivity machine with the page reload, fed the browser's online / offline events. */
const appConnectivityMachine = connectivityMachine.provide({
  actions: { reload: () => window.location.reload() },
})

const startsOnline = () => (typeof navigator === 'undefined' ? true : navigator.onLine)

/** The offline notice's props (the root layout renders it). */
export function useConnectivity(): OfflineNoticeProps {
  const actor = useActorRef(appConnectivityMachine, { input: { online: startsOnline() } })
  useEffect(() => {
    const online = () => actor.send({ type: 'ONLINE' })
    const offline = () => actor.send({ type: 'OFFLINE' })
    window.addEventListener('online', online)
    window.addEventListener('offline', offline)
    return () => {
      window.removeEventListener('online', online)
      window.removeEventListener('offline', offline)
    }
  }, [actor])
  const snapshot = useSelector(actor, (s) => s)
  return useMemo(() => connect(snapshot, actor.send), [snapshot, actor])
}
