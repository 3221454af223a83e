export * from './composer.types'
export * from './composer.machine'
export * from './composer.connect'
