export { mobileNavMachine, type MobileNavMachine, type MobileNavSnapshot } from './mobile-nav.machine'
export { connect, MOBILE_NAV_DRAWER_ID, MOBILE_NAV_TITLE_ID, type MobileNavProps } from './mobile-nav.connect'
export type { MobileNavCloseSource, MobileNavEvent } from './mobile-nav.types'
