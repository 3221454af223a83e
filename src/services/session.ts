import { useMemo, useSyncExternalStore } from 'react'
import type { Language } from '../../contract/common'
import type { SessionEvent } from '../machines/session'
// The connect module only: the machine itself loads with the session chunk.
import { connect, isLoggedIn, isSettled, type SessionProps, type SessionState } from '../machines/session/session.connect'
import type { AppSessionActor } from './session-runtime'
import { LOGIN_MARKER_KEY, otherTabChange, rememberedLogin } from './token-store'

/**
 * The app's session, as the rest of the app sees it. The session machine and everything it needs
 * (ky, the socket) load as one chunk (session-runtime.ts), right away when a session is stored (to
 * restore it) and otherwise on the visitor's first action, so a logged-out /login stays small. Until it is loaded the state is `null`: logged out, nothing in progress.
 */

let actor: AppSessionActor | null = null
let loading: Promise<AppSessionActor> | null = null
const listeners = new Set<() => void>()
let navigateTo: (href: string) => void = (href) => window.location.assign(href)

const notify = () => {
  for (const listener of listeners) listener()
}

/** The session actor, started on first call. */
export function loadSession(): Promise<AppSessionActor> {
  loading ??= import('./session-runtime').then(({ startSession }) => {
    const started = startSession({ navigate: (href) => navigateTo(href), reload: () => window.location.reload() })
    actor = started
    started.subscribe(notify)
    stopWatchingOtherTabs()
    notify()
    return started
  })
  // A chunk that failed to load (offline) is tried again on the next call.
  loading.catch(() => {
    loading = null
  })
  return loading
}

/** The session actor if it is running (null before the visitor's first action). */
export const currentSessionActor = (): AppSessionActor | null => actor

/** Warm the session chunk up (e.g. when the visitor focuses a login form). */
export const preloadSession = () => void loadSession()

/** Where the machine's `navigate` events go (the router, wired in src/main.tsx). */
export function onSessionNavigate(handler: (href: string) => void) {
  navigateTo = handler
}

export function sendSession(event: SessionEvent) {
  if (actor) actor.send(event)
  else void loadSession().then((started) => started.send(event))
}

/** The language selector's choice: logged in, the session saves it (PUT workid/update-language) and then activates it; logged out, it is activated locally. */
export const chooseLanguage = (language: Language) => sendSession({ type: 'LANGUAGE', language })

/** Resolves once a stored session has been restored or found invalid: true when logged in. */
export async function sessionLoggedIn(): Promise<boolean> {
  if (!loading) return false
  const started = await loadSession()
  return new Promise((resolve) => {
    const check = () => {
      const snapshot = started.getSnapshot()
      if (!isSettled(snapshot)) return
      subscription?.unsubscribe()
      resolve(isLoggedIn(snapshot))
    }
    let subscription: { unsubscribe(): void } | undefined
    subscription = started.subscribe(check)
    check()
  })
}

/** For the router context: guards ask it in beforeLoad. */
export const sessionAccess = { loggedIn: sessionLoggedIn }
export type SessionAccess = typeof sessionAccess

/** Calls `listener` on every change of the session state (and once the session chunk runs); returns the unsubscribe. */
export function onSessionChange(listener: () => void): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}
const getState = (): SessionState => actor?.getSnapshot() ?? null

const props = (state: SessionState): SessionProps => connect(state, sendSession)

/**
 * The session's props and handlers (`useSession()`: connect's output), or what `selector` picks
 * from its state (a snapshot, or null before the session chunk runs).
 */
export function useSession(): SessionProps
export function useSession<T>(selector: (state: SessionState) => T): T
export function useSession<T>(selector?: (state: SessionState) => T): T | SessionProps {
  const state = useSyncExternalStore(onSessionChange, getState, getState)
  return useMemo(() => (selector ? selector(state) : props(state)), [state, selector])
}

export const useIsLoggedIn = (): boolean => useSession(isLoggedIn)

// Before the session chunk runs, the machine cannot hear another tab logging in: do what it
// would (a login-status change reloads the page) without starting a restore that the reload
// would cut short.
const onStorage = (event: StorageEvent) => {
  if (event.key !== LOGIN_MARKER_KEY && event.key !== null) return
  const change = otherTabChange(event.oldValue, event.key === null ? null : event.newValue)
  if (change?.type === 'LOGIN_STATUS_CHANGED') window.location.reload()
}
function stopWatchingOtherTabs() {
  if (typeof window !== 'undefined') window.removeEventListener('storage', onStorage)
}
if (typeof window !== 'undefined') window.addEventListener('storage', onStorage)

// A remembered login is restored right away.
if (rememberedLogin()) void loadSession()
