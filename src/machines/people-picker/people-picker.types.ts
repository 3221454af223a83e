import type { ContactItem } from '../../../contract/relates'

/** A person the picker offers: a friend, or someone the people search found. */
export type PickedPerson = Pick<ContactItem, '_id' | 'name' | 'workid' | 'photo_url'>

export interface PeoplePickerInput {
  /** The signed-in user: never offered. */
  meId: string
}

export interface PeoplePickerContext extends PeoplePickerInput {
  /** Several people start a group, which needs a channel (set when the picker opens). */
  canGroup: boolean
  friends: PickedPerson[]
  /** What is typed in the search field. */
  keyword: string
  /** The people search's answer for `keyword`. */
  found: PickedPerson[]
  /** The people chosen, in the order chosen. */
  chosen: PickedPerson[]
}

export type PeoplePickerEvent =
  | { type: 'OPEN'; canGroup: boolean }
  | { type: 'CLOSE' }
  | { type: 'RETRY_FRIENDS' }
  | { type: 'TYPE'; keyword: string }
  | { type: 'TOGGLE'; person: PickedPerson }
  | { type: 'START' }

/** What the picker asks of the app: open the 1:1 chat with one person, or a new group with several. */
export type PeoplePickerEmitted = { type: 'chat'; person: PickedPerson } | { type: 'group'; people: PickedPerson[] }
