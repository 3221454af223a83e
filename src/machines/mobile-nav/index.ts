export { mobileNavMachine, type MobileNavCloseSource, type MobileNavEvent, type MobileNavMachine } from './mobile-nav.machine'
export { connect, MOBILE_NAV_DRAWER_ID, MOBILE_NAV_TITLE_ID, type MobileNavView } from './mobile-nav.view'
