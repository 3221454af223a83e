export { editHistoryMachine, type EditHistoryActor, type EditHistoryMachine, type EditHistorySnapshot } from './edit-history.machine'
export { connect, type EditHistoryProps } from './edit-history.connect'
export type { EditHistoryContext, EditHistoryEvent, HistoryOf, MessageVersion } from './edit-history.types'
