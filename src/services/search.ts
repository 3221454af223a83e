import { useEffect, useMemo } from 'react'
import { useLocation, useNavigate } from '@tanstack/react-router'
import { useActorRef, useSelector } from '@xstate/react'
import { connect as connectMessageSearch, messageSearchMachine } from '../machines/message-search'
import { connect, hrefOf, type SearchOption, searchListWith, searchMachine, type SearchScope } from '../machines/search'
import { withPages } from '../machines/paged-list'
import { searchMessages, superSearch } from './api/search'

/**
 * A search box of the top header: the search machine with GET super-search; choosing an option
 * navigates to it, and every navigation closes the dropdown (ROUTE_CHANGED).
 */
export function useSearch(scope: SearchScope) {
  const navigate = useNavigate()
  const machine = useMemo(
    () =>
      searchMachine.provide({
        actors: {
          list: searchListWith(superSearch, scope),
        },
        actions: {
          openOption: (_, params: { option: SearchOption }) => void navigate({ href: hrefOf(params.option) }),
        },
      }),
    [navigate, scope],
  )
  const actor = useActorRef(machine, { input: { scope } })
  const snapshot = useSelector(actor, (s) => s)
  const href = useLocation({ select: (location) => location.href })
  useEffect(() => actor.send({ type: 'ROUTE_CHANGED' }), [href, actor])
  return useMemo(() => connect(snapshot, actor.send), [snapshot, actor])
}

/** The message search page: the machine with GET message/search, fed the address's keyword and chat. */
export function useMessageSearch(keyword: string, topicId: string | null) {
  const machine = useMemo(
    () =>
      messageSearchMachine.provide({
        actors: {
          list: withPages(searchMessages),
        },
      }),
    [],
  )
  const actor = useActorRef(machine, { input: { keyword, topicId } })
  const snapshot = useSelector(actor, (s) => s)
  useEffect(() => actor.send({ type: 'SEARCH', keyword, topicId }), [keyword, topicId, actor])
  return useMemo(() => connectMessageSearch(snapshot, actor.send), [snapshot, actor])
}
