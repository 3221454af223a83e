export * from './receipts.types'
export * from './receipts.machine'
export * from './receipts.connect'
