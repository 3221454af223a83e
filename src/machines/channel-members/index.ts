export * from './channel-members.types'
export * from './channel-members.machine'
export * from './channel-members.connect'
