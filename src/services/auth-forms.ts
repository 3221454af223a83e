import { useEffect, useMemo, useRef } from 'react'
import { useNavigate } from '@tanstack/react-router'
import { useActorRef, useSelector } from '@xstate/react'
import { fromPromise } from 'xstate'
import { authFormsMachine, connect, type AuthFormsProps, type AuthSearch } from '../machines/auth-forms'
import * as auth from './auth'
import { currentLanguage } from './i18n'
import { loadSession, sendSession } from './session'

/**
 * The auth forms with the real calls: each auth page runs its own (a page's form state ends with
 * the page). The session is loaded before a call, so the HTTP client has its session wiring.
 */
const afterSession = <T>(call: () => Promise<T>) => loadSession().then(call)

const appAuthFormsMachine = authFormsMachine.provide({
  actors: {
    login: fromPromise(({ input }) => afterSession(() => auth.login(input))),
    register: fromPromise(({ input }) => afterSession(() => auth.register(input))),
    verifyEmail: fromPromise(({ input }) => afterSession(() => auth.verifyEmail(input))),
    resendCode: fromPromise(({ input }) => afterSession(() => auth.resendCode(input))),
    forgotPassword: fromPromise(({ input }) => afterSession(() => auth.forgotPassword(input))),
    resetPassword: fromPromise(({ input }) => afterSession(() => auth.resetPassword(input))),
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
