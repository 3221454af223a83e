export {
  attentionMachine,
  attentionSampleInput,
  type AttentionActor,
  type AttentionMachine,
  type AttentionSnapshot,
} from './attention.machine'
export { connect, type AttentionProps, type AttentionSettingsFormProps, type DndMenuProps, type TopicBellProps } from './attention.connect'
export type { AttentionContext, AttentionEvent, AttentionInput, AttentionSave, AttentionSaved } from './attention.types'
