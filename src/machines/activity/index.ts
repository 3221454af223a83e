export { activityMachine, type ActivityActor, type ActivityMachine, type ActivitySnapshot } from './activity.machine'
export { connect, type ActivityProps } from './activity.connect'
export type { ActivityEvent } from './activity.types'
