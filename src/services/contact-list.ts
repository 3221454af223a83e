import { useEffect, useMemo } from 'react'
import { useActorRef, useSelector } from '@xstate/react'
import { fromPromise } from 'xstate'
import {
  connect,
  contactListMachine,
  type ContactListKind,
  type ContactListProps,
  type LoadPageInput,
  type MoveItemInput,
} from '../machines/contact-list'
import { withPages } from '../machines/paged-list'
import { archiveFriend, contactPage, unarchiveFriend } from './api/relates'
import { onSocketConnect, onSocketEvent } from './socket'

const appContactListMachine = contactListMachine.provide({
  actors: {
    list: withPages((input: LoadPageInput) => contactPage(input.kind, input.page)),
    moveItem: fromPromise<void, MoveItemInput>(async ({ input }) => {
      await (input.kind === 'friends' ? archiveFriend : unarchiveFriend)(input.customerId)
    }),
  },
})

/**
 * One contact list (friends, requests, archived friends or blocked people), loaded 20 a page until
 * a page is not full. The user's archives and unarchives in another tab or device (socket
 * SETTINGS_CHANGED contacts), and a socket reconnect (it may have missed some), refresh it.
 */
export function useContactList(kind: ContactListKind): ContactListProps {
  const actor = useActorRef(appContactListMachine, { input: { kind } })
  useEffect(() => {
    const refresh = () => actor.send({ type: 'REFRESH' })
    const offs = [
      onSocketEvent('SETTINGS_CHANGED', ({ area }) => {
        if (area === 'contacts') refresh()
      }),
      onSocketConnect(refresh),
    ]
    return () => offs.forEach((off) => off())
  }, [actor])
  const snapshot = useSelector(actor, (s) => s)
  return useMemo(() => connect(snapshot, actor.send), [snapshot, actor])
}
