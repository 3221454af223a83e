import { useEffect, useMemo, useRef } from 'react'
import { useNavigate } from '@tanstack/react-router'
import { useActorRef, useSelector } from '@xstate/react'
import { fromPromise } from 'xstate'
import { authFormsMachine, connect, type AuthFormsProps, type AuthSearch } from '../machines/auth-forms'
import { currentLanguage } from './i18n'
import { loadSession, sendSession } from './session'

/**
 * The auth forms with the real calls: each auth page runs its own (a page's form state ends with
 * the page). A call first loads the session (so the HTTP client has its session wiring) and the
 * auth calls: like zod for the checks, they stay out of the first load of /login.
 */
type Auth = typeof import('./api/auth')
const withAuth = <T>(call: (auth: Auth) => Promise<T>) => loadSession().then(() => import('./api/auth').then(call))

const appAuthFormsMachine = authFormsMachine.provide({
  actors: {
    login: fromPromise(({ input }) => withAuth((auth) => auth.login(input))),
    register: fromPromise(({ input }) => withAuth((auth) => auth.register(input))),
    verifyEmail: fromPromise(({ input }) => withAuth((auth) => auth.verifyEmail(input))),
    resendCode: fromPromise(({ input }) => withAuth((auth) => auth.resendCode(input))),
    forgotPassword: fromPromise(({ input }) => withAuth((auth) => auth.forgotPassword(input))),
    resetPassword: fromPromise(({ input }) => withAuth((auth) => auth.resetPassword(input))),
    checkSignUp: fromPromise(async ({ input }) => (await import('./validation')).validateRegistration(input, currentLanguage())),
    checkReset: fromPromise(async ({ input }) => (await import('./validation')).validatePasswordReset(input, currentLanguage())),
  },
})

/** The auth page's forms, for the page's URL search (`email`, `verified`, `reset`, `redirect`). */
export function useAuthForms(search: AuthSearch): AuthFormsProps {
  const navigate = useNavigate()
  const actor = useActorRef(appAuthFormsMachine, { input: { search } })
  useEffect(() => {
    const subscriptions = [
      actor.on('navigate', ({ href }) => void navigate({ href })),
      // The session takes over and goes on to the app.
      actor.on('loggedIn', ({ session, redirect }) => sendSession({ type: 'LOGGED_IN', session, redirect })),
    ]
    return () => subscriptions.forEach((subscription) => subscription.unsubscribe())
  }, [actor, navigate])
  const first = useRef(true)
  const key = JSON.stringify(search)
  useEffect(() => {
    if (first.current) first.current = false
    else actor.send({ type: 'SEARCH', search: JSON.parse(key) as AuthSearch })
  }, [actor, key])
  const snapshot = useSelector(actor, (s) => s)
  return useMemo(() => connect(snapshot, actor.send), [snapshot, actor])
}
