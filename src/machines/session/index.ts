export { sessionMachine, type SessionActor, type SessionMachine, type SessionSnapshot } from './session.machine'
export type { RestoredSession, SessionContext, SessionEmitted, SessionEvent, SessionInput, TokenFailure } from './session.types'
export { accessTokenExpiry, initialsOf, logoutBody, REFRESH_AHEAD_MS, REFRESH_RETRY_MS, refreshDelay, wasRejected } from './session.rules'
export {
  accountView,
  connect,
  isLoggedIn,
  isSettled,
  mediaTokenOf,
  meIdOf,
  userOf,
  type AccountProps,
  type AccountView,
  type SessionProps,
  type SessionState,
} from './session.connect'
