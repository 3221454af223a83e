import { useEffect, useMemo, useRef } from 'react'
import { useActorRef, useSelector } from '@xstate/react'
import { fromPromise } from 'xstate'
import { connect, peoplePickerMachine, type PeoplePickerEmitted, type PickedPerson } from '../machines/people-picker'
import { contactPage } from './api/relates'
import { superSearch } from './api/search'
import { everyPage } from './pages'

const appPeoplePickerMachine = peoplePickerMachine.provide({
  actors: {
    loadFriends: fromPromise<PickedPerson[], void>(() => everyPage((page) => contactPage('friends', page))),
    searchPeople: fromPromise<PickedPerson[], { keyword: string }>(async ({ input }) => {
      const result = await superSearch({ keyword: input.keyword, page: 1 })
      return result.customer
    }),
  },
})

/** "New message": the peoplePicker machine with the friends (GET contact) and the people search (GET super-search); `onPicked` gets the choice. */
export function usePeoplePicker(meId: string, onPicked: (picked: PeoplePickerEmitted) => void) {
  const actor = useActorRef(appPeoplePickerMachine, { input: { meId } })
  const latest = useRef(onPicked)
  latest.current = onPicked
  useEffect(() => {
    const subscriptions = [actor.on('chat', (picked) => latest.current(picked)), actor.on('group', (picked) => latest.current(picked))]
    return () => subscriptions.forEach((s) => s.unsubscribe())
  }, [actor])
  const snapshot = useSelector(actor, (s) => s)
  return useMemo(() => connect(snapshot, actor.send), [snapshot, actor])
}
