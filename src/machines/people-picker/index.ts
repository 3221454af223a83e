export * from './people-picker.types'
export * from './people-picker.machine'
export * from './people-picker.connect'
