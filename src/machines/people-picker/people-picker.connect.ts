import type { PeoplePickerSnapshot } from './people-picker.machine'
import type { PeoplePickerEvent, PickedPerson } from './people-picker.types'

export interface PeoplePickerProps {
  open: boolean
  /** null while they load; the failure offers Retry. */
  friends: PickedPerson[] | null
  friendsFailed: boolean
  keyword: string
  /** What the search says: nothing typed, waiting or searching, the people found, or a failure. */
  search: { status: 'idle' | 'searching' | 'failed' } | { status: 'found'; people: PickedPerson[] }
  chosen: PickedPerson[]
  /** What START does now: open the 1:1 chat, start a group, or nothing (nobody chosen, or several without a channel). */
  start: 'chat' | 'group' | null
  /** Several chosen but no channel to make a group in. */
  groupNeedsChannel: boolean
  onOpen: (canGroup: boolean) => void
  onClose: () => void
  onRetryFriends: () => void
  onType: (keyword: string) => void
  onToggle: (person: PickedPerson) => void
  onStart: () => void
}

/** Pure: snapshot -> the people picker dialog's props and handlers. */
export function connect(snapshot: PeoplePickerSnapshot, send: (event: PeoplePickerEvent) => void): PeoplePickerProps {
  const { friends, keyword, found, chosen, canGroup } = snapshot.context
  const searchIs = (state: 'waiting' | 'searching' | 'found' | 'failed') => snapshot.matches({ open: { search: state } })
  return {
    open: snapshot.matches('open'),
    friends: snapshot.matches({ open: { friends: 'ready' } }) ? friends : null,
    friendsFailed: snapshot.matches({ open: { friends: 'failed' } }),
    keyword,
    search: searchIs('found')
      ? { status: 'found', people: found }
      : searchIs('failed')
        ? { status: 'failed' }
        : searchIs('waiting') || searchIs('searching')
          ? { status: 'searching' }
          : { status: 'idle' },
    chosen,
    start: chosen.length === 1 ? 'chat' : chosen.length > 1 && canGroup ? 'group' : null,
    groupNeedsChannel: chosen.length > 1 && !canGroup,
    onOpen: (canGroupNow) => send({ type: 'OPEN', canGroup: canGroupNow }),
    onClose: () => send({ type: 'CLOSE' }),
    onRetryFriends: () => send({ type: 'RETRY_FRIENDS' }),
    onType: (value) => send({ type: 'TYPE', keyword: value }),
    onToggle: (person) => send({ type: 'TOGGLE', person }),
    onStart: () => send({ type: 'START' }),
  }
}
