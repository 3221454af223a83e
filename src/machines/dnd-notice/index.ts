export {
  dndNoticeMachine,
  dndNoticeSampleInput,
  RECHECK_MS,
  type DndNoticeActor,
  type DndNoticeMachine,
  type DndNoticeSnapshot,
} from './dnd-notice.machine'
export { connect, type DndNoticeProps } from './dnd-notice.connect'
export type { DndNoticeContext, DndNoticeEvent, DndNoticeInput } from './dnd-notice.types'
