export * from './upload.types'
export * from './upload.machine'
export * from './upload.connect'
export * from './attachments'
