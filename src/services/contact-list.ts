import { useMemo } from 'react'
import { useActorRef, useSelector } from '@xstate/react'
import { fromPromise } from 'xstate'
import { connect, contactListMachine, type ContactItem, type ContactListKind, type ContactListProps, type LoadPageInput, type MoveItemInput } from '../machines/contact-list'
import { archiveFriend, contactPage, unarchiveFriend } from './api/relates'

const appContactListMachine = contactListMachine.provide({
  actors: {
    loadPage: fromPromise<ContactItem[], LoadPageInput>(({ input }) => contactPage(input.kind, input.page)),
    moveItem: fromPromise<void, MoveItemInput>(async ({ input }) => {
      await (input.kind === 'friends' ? archiveFriend : unarchiveFriend)(input.customerId)
    }),
  },
})

/** One contact list (friends, requests, archived friends or blocked people), loaded 20 a page until a page is not full. */
export function useContactList(kind: ContactListKind): ContactListProps {
  const actor = useActorRef(appContactListMachine, { input: { kind } })
  const snapshot = useSelector(actor, (s) => s)
  return useMemo(() => connect(snapshot, actor.send), [snapshot, actor])
}
