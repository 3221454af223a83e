import { describe, expect, it } from 'vitest'
import { createActor, fromPromise, waitFor } from 'xstate'
import { connect, sessionsMachine, type SessionsEvent } from '../../../src/machines/sessions'
import type { ActiveSession, SessionList } from '../../../src/machines/sessions/sessions.types'

const device: ActiveSession['device'] = { browser: 'Chrome', os: 'Linux', type: 'desktop' }
const session = (id: string, current = false): ActiveSession => ({
  _id: id,
  device,
  ip: null,
  created_at: '2026-11-01T00:00:00Z',
  last_seen_at: '2026-11-02T00:00:00Z',
  current,
})
/** This browser's session is listed second, as the server may list it (most recently used first). */
const listed: SessionList = {
  sessions: [session('s-other-1'), session('s-here', true), session('s-other-2')],
  history: [{ _id: 'l1', device, ip: '1.2.3.4', created_at: '2026-11-01T00:00:00Z' }],
}

interface Script {
  /** What each GET auth/sessions gives, in order (a promise: when the test settles it). */
  loads?: (SessionList | Error | Promise<SessionList>)[]
  signOut?: (id: string) => Promise<unknown>
  signOutOthers?: () => Promise<{ revoked: number }>
}

function start(script: Script = {}) {
  const loads = [...(script.loads ?? [listed, listed])]
  const calls: string[] = []
  const reported: number[] = []
  const actor = createActor(
    sessionsMachine.provide({
      actors: {
        loadSessions: fromPromise<SessionList>(async () => {
          calls.push('load')
          const next = loads.shift() ?? listed
          if (next instanceof Error) throw next
          return next
        }),
        signOutSession: fromPromise<unknown, { sessionId: string }>(async ({ input }) => {
          calls.push(`out:${input.sessionId}`)
          return script.signOut ? script.signOut(input.sessionId) : { revoked: 1 }
        }),
        signOutOthers: fromPromise<{ revoked: number }>(async () => {
          calls.push('out-others')
          return script.signOutOthers ? script.signOutOthers() : { revoked: 2 }
        }),
      },
      actions: { reportSignedOut: (_, { count }) => reported.push(count) },
    }),
  ).start()
  const sent: SessionsEvent[] = []
  const props = () => connect(actor.getSnapshot(), (e) => sent.push(e))
  return { actor, calls, props, sent, reported }
}

const ready = (actor: ReturnType<typeof start>['actor']) => waitFor(actor, (s) => s.matches({ ready: 'idle' }))
/** A promise the test settles when it wants. */
function deferred() {
  let resolve!: (v: unknown) => void
  let reject!: (e: Error) => void
  const promise = new Promise<unknown>((res, rej) => ((resolve = res), (reject = rej)))
  return { promise, resolve, reject }
}

describe('sessions machine and connect', () => {
  it('lists this browser’s session first, the others after in the server’s order, with the login history', async () => {
    const { actor, props } = start()
    expect(props().status).toBe('loading')
    await ready(actor)
    const p = props()
    expect(p.status).toBe('ready')
    expect(p.rows.map((r) => r.session._id)).toEqual(['s-here', 's-other-1', 's-other-2'])
    expect(p.rows.every((r) => !r.busy)).toBe(true)
    expect(p.history.map((h) => h._id)).toEqual(['l1'])
    expect(p.canSignOutOthers).toBe(true)
    expect(p.busy).toBe(false)
    expect(p.error).toBeNull()
  })

  it('a failed load offers Retry, which loads again', async () => {
    const { actor, props, calls } = start({ loads: [new Error('offline'), listed] })
    await waitFor(actor, (s) => s.matches('failed'))
    expect(props().status).toBe('failed')
    expect(props().rows).toEqual([])
    expect(props().history).toEqual([])
    actor.send({ type: 'RETRY' })
    await ready(actor)
    expect(calls).toEqual(['load', 'load'])
  })

  it('signing out one other session marks only its row busy, drops it at once, then lists again', async () => {
    const gate = deferred()
    const refreshed: SessionList = { sessions: [session('s-here', true), session('s-other-2')], history: [] }
    const { actor, props, calls } = start({ loads: [listed, refreshed], signOut: () => gate.promise })
    await ready(actor)
    actor.send({ type: 'SIGN_OUT', sessionId: 's-other-1' })
    expect(actor.getSnapshot().matches({ ready: 'signingOut' })).toBe(true)
    expect(props().busy).toBe(true)
    expect(props().rows.map((r) => [r.session._id, r.busy])).toEqual([
      ['s-here', false],
      ['s-other-1', true],
      ['s-other-2', false],
    ])
    gate.resolve({ revoked: 1 })
    await waitFor(actor, (s) => s.matches({ ready: 'refreshing' }))
    expect(props().rows.map((r) => r.session._id)).toEqual(['s-here', 's-other-2'])
    await ready(actor)
    expect(props().history).toEqual([])
    expect(calls).toEqual(['load', 'out:s-other-1', 'load'])
  })

  it('this browser’s own session and unknown ids are not signed out from the list', async () => {
    const { actor, calls } = start()
    await ready(actor)
    actor.send({ type: 'SIGN_OUT', sessionId: 's-here' })
    actor.send({ type: 'SIGN_OUT', sessionId: 'nobody' })
    expect(actor.getSnapshot().matches({ ready: 'idle' })).toBe(true)
    expect(calls).toEqual(['load'])
  })

  it('signing out every other session asks first; Cancel keeps them all', async () => {
    const { actor, props, calls } = start()
    await ready(actor)
    actor.send({ type: 'SIGN_OUT_OTHERS' })
    expect(props().confirmingOthers).toBe(true)
    expect(props().busy).toBe(true)
    expect(props().rows.every((r) => !r.busy)).toBe(true)
    actor.send({ type: 'CANCEL' })
    expect(props().confirmingOthers).toBe(false)
    expect(actor.getSnapshot().matches({ ready: 'idle' })).toBe(true)
    expect(calls).toEqual(['load'])
  })

  it('signing out every other session keeps this one, marks every other row busy, and says how many ended', async () => {
    const gate = deferred()
    const refresh = deferred()
    const { actor, props, calls, reported } = start({
      loads: [listed, refresh.promise as Promise<SessionList>],
      signOutOthers: () => gate.promise as Promise<{ revoked: number }>,
    })
    await ready(actor)
    actor.send({ type: 'SIGN_OUT_OTHERS' })
    actor.send({ type: 'CONFIRM' })
    expect(props().confirmingOthers).toBe(false)
    expect(props().rows.map((r) => [r.session._id, r.busy])).toEqual([
      ['s-here', false],
      ['s-other-1', true],
      ['s-other-2', true],
    ])
    expect(reported).toEqual([])
    gate.resolve({ revoked: 2 })
    await waitFor(actor, (s) => s.matches({ ready: 'refreshing' }))
    expect(reported).toEqual([2])
    expect(props().rows.map((r) => r.session._id)).toEqual(['s-here'])
    expect(props().busy).toBe(true)
    refresh.resolve({ sessions: [session('s-here', true)], history: [] })
    await ready(actor)
    expect(props().canSignOutOthers).toBe(false)
    expect(calls).toEqual(['load', 'out-others', 'load'])
  })

  it('with no other session there is nothing to sign out', async () => {
    const alone: SessionList = { sessions: [session('s-here', true)], history: [] }
    const { actor, props, calls } = start({ loads: [alone] })
    await ready(actor)
    expect(props().canSignOutOthers).toBe(false)
    actor.send({ type: 'SIGN_OUT_OTHERS' })
    expect(actor.getSnapshot().matches({ ready: 'idle' })).toBe(true)
    expect(calls).toEqual(['load'])
  })

  it('a refused sign-out keeps the list and says why; the next attempt clears the reason', async () => {
    let refuse = true
    const { actor, props } = start({
      signOut: async () => {
        if (refuse) throw new Error('Session not found')
        return { revoked: 1 }
      },
    })
    await ready(actor)
    actor.send({ type: 'SIGN_OUT', sessionId: 's-other-2' })
    await ready(actor)
    expect(props().error).toBe('Session not found')
    expect(props().rows.map((r) => [r.session._id, r.busy])).toEqual([
      ['s-here', false],
      ['s-other-1', false],
      ['s-other-2', false],
    ])
    refuse = false
    actor.send({ type: 'SIGN_OUT', sessionId: 's-other-2' })
    expect(props().error).toBeNull()
  })

  it('a refused “sign out all others” says why; a failed refresh too', async () => {
    const { actor, props } = start({
      loads: [listed, new Error('Network down')],
      signOutOthers: async () => Promise.reject(new Error('Too many requests')),
    })
    await ready(actor)
    actor.send({ type: 'SIGN_OUT_OTHERS' })
    actor.send({ type: 'CONFIRM' })
    await ready(actor)
    expect(props().error).toBe('Too many requests')
    actor.send({ type: 'SIGN_OUT', sessionId: 's-other-1' })
    await ready(actor)
    expect(props().error).toBe('Network down')
    expect(props().rows.map((r) => r.session._id)).toEqual(['s-here', 's-other-2'])
  })

  it('the handlers send the events their names say', () => {
    const { props, sent } = start()
    const p = props()
    p.onRetry()
    p.onSignOut('s-other-1')
    p.onSignOutOthers()
    p.onConfirm()
    p.onCancel()
    expect(sent).toEqual([
      { type: 'RETRY' },
      { type: 'SIGN_OUT', sessionId: 's-other-1' },
      { type: 'SIGN_OUT_OTHERS' },
      { type: 'CONFIRM' },
      { type: 'CANCEL' },
    ])
  })
})
