export {
  contactListMachine,
  contactListSampleInput,
  isMovable,
  type ContactListActor,
  type ContactListMachine,
  type ContactListSnapshot,
} from './contact-list.machine'
export { connect, type ContactListProps, type ContactMoveProps } from './contact-list.connect'
export type {
  ContactItem,
  ContactListContext,
  ContactListEvent,
  ContactListInput,
  ContactListKind,
  LoadPageInput,
  MovableKind,
  MoveFailure,
  MoveItemInput,
} from './contact-list.types'
