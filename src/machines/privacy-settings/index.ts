export * from './privacy-settings.machine'
export * from './privacy-settings.view'
