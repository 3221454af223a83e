export {
  unsubscribeMachine,
  unsubscribeSampleInput,
  type UnsubscribeActor,
  type UnsubscribeMachine,
  type UnsubscribeSnapshot,
} from './unsubscribe.machine'
export { connect, type UnsubscribeProps } from './unsubscribe.connect'
export type { UnsubscribeContext, UnsubscribeEvent, UnsubscribeInput } from './unsubscribe.types'
