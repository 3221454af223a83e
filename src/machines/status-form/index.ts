export {
  statusFormMachine,
  statusFormSampleInput,
  type StatusFormActor,
  type StatusFormMachine,
  type StatusFormSnapshot,
} from './status-form.machine'
export { connect, type StatusFormProps } from './status-form.connect'
export {
  STATUS_EXPIRIES,
  type SaveStatusInput,
  type StatusExpiry,
  type StatusFormContext,
  type StatusFormEvent,
  type StatusFormInput,
} from './status-form.types'
