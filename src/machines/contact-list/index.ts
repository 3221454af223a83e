export { contactListMachine, contactListSampleInput, type ContactListActor, type ContactListMachine, type ContactListSnapshot } from './contact-list.machine'
export { connect, type ContactListProps } from './contact-list.connect'
export type { ContactItem, ContactListContext, ContactListEvent, ContactListInput, ContactListKind, LoadPageInput } from './contact-list.types'
