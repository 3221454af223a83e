export * from './saved-marks.types'
export * from './saved-marks.machine'
export * from './saved-marks.connect'
