import { expect } from 'vitest'
import { within } from '@testing-library/react'
import type { SessionList } from '../../contract/pages'
import { connect, sessionsMachine, type SessionsSnapshot } from '../../src/machines/sessions'
import { SessionsPageView } from '../../src/ui/account/sessions-page'
import { describeModel, type ModelKit } from './support/run-model'

/** /log: the open sessions and the login history; sign out one other session or all of them. */

type Kit = ModelKit<typeof sessionsMachine>
type S = SessionsSnapshot

const device = (browser: string, os: string, type: string) => ({ browser, os, type })
const LIST: SessionList = {
  sessions: [
    {
      _id: 's-phone',
      device: device('Safari 17', 'iOS 17.4', 'mobile'),
      ip: '203.0.113.7',
      created_at: '2026-03-01T08:00:00.000Z',
      last_seen_at: '2026-03-02T09:00:00.000Z',
      current: false,
    },
    {
      _id: 's-here',
      device: device('Chrome 140', 'Linux', 'desktop'),
      ip: '127.0.0.1',
      created_at: '2026-03-02T10:00:00.000Z',
      last_seen_at: '2026-03-02T10:05:00.000Z',
      current: true,
    },
    {
      _id: 's-work',
      device: device('Firefox 128', 'Windows 11', 'desktop'),
      ip: null,
      created_at: '2026-02-20T08:00:00.000Z',
      last_seen_at: '2026-02-21T08:00:00.000Z',
      current: false,
    },
  ],
  history: [
    { _id: 'h-1', device: device('Chrome 140', 'Linux', 'desktop'), ip: '127.0.0.1', created_at: '2026-03-02T10:00:00.000Z' },
    { _id: 'h-2', device: device('Safari 17', 'iOS 17.4', 'mobile'), ip: '203.0.113.7', created_at: '2026-03-01T08:00:00.000Z' },
  ],
}
/** What the server answers after the sign-outs so far: the sessions still open. */
const serverList = (s: S): SessionList => ({ ...LIST, sessions: s.context.list?.sessions ?? LIST.sessions })

const list = (kit: Kit) => kit.screen.queryByRole('list', { name: 'Active sessions' })
const rowNames = (kit: Kit) =>
  within(list(kit)!)
    .getAllByRole('listitem')
    .map((li) => li.getAttribute('aria-label'))
const button = (kit: Kit, name: string) => kit.screen.getByRole<HTMLButtonElement>('button', { name })
const firstOther = (s: S) => s.context.list?.sessions.find((x) => !x.current)

describeModel({
  machine: sessionsMachine,
  select: 'transitions',
  serializeState: (s) =>
    JSON.stringify({ v: s.value, ids: s.context.list?.sessions.map((x) => x._id), a: s.context.acting, e: s.context.error }),
  events: {
    'xstate.done.actor.loadSessions': [{ type: 'xstate.done.actor.loadSessions', output: LIST }],
    'xstate.done.actor.signOutSession': [{ type: 'xstate.done.actor.signOutSession', output: { revoked: 1 } }],
    'xstate.done.actor.signOutOthers': [{ type: 'xstate.done.actor.signOutOthers', output: { revoked: 2 } }],
    'xstate.done.actor.refresh': (s) => [{ type: 'xstate.done.actor.refresh', output: serverList(s) }],
    ...Object.fromEntries(
      ['loadSessions', 'signOutSession', 'signOutOthers', 'refresh'].map((id) => [
        `xstate.error.actor.${id}`,
        [{ type: `xstate.error.actor.${id}`, error: new Error(`${id} was refused.`) }],
      ]),
    ),
    SIGN_OUT: (s) => (firstOther(s) ? [{ type: 'SIGN_OUT', sessionId: firstOther(s)!._id }] : []),
  },
  render: (snapshot, send) => <SessionsPageView {...connect(snapshot, send)} />,
  perform: {
    RETRY: async (_, kit) => {
      await kit.user.click(within(kit.screen.getByRole('alert')).getByRole('button', { name: 'Retry' }))
    },
    SIGN_OUT: async (event, kit) => {
      const target = kit.previous.context.list!.sessions.find((x) => x._id === (event as unknown as { sessionId: string }).sessionId)!
      await kit.user.click(button(kit, `Sign out ${target.device.browser}`))
    },
    SIGN_OUT_OTHERS: async (_, kit) => {
      await kit.user.click(button(kit, 'Sign out all other sessions'))
    },
    CONFIRM: async (_, kit) => {
      const question = kit.screen.getByRole('group', { name: 'Confirm signing out all other sessions' })
      await kit.user.click(within(question).getByRole('button', { name: 'Yes, sign them out' }))
    },
    CANCEL: async (_, kit) => {
      const question = kit.screen.getByRole('group', { name: 'Confirm signing out all other sessions' })
      await kit.user.click(within(question).getByRole('button', { name: 'Cancel' }))
    },
    'xstate.done.actor.signOutSession': async (_, kit) => {
      const { sessionId } = kit.pending('signOutSession').input as { sessionId: string }
      const before = rowNames(kit)
      const ended = kit.previous.context.list!.sessions.find((x) => x._id === sessionId)!
      await kit.resolve('signOutSession', { revoked: 1 })
      // The ended session leaves the list at once, nothing else does.
      expect(rowNames(kit)).toEqual(before.filter((name) => name !== `Session on ${ended.device.browser}`))
    },
    'xstate.done.actor.signOutOthers': async (_, kit) => {
      await kit.resolve('signOutOthers', { revoked: 2 })
      expect(rowNames(kit)).toEqual(['This device'])
    },
  },
  states: {
    loading: (_, kit) => {
      expect(kit.screen.getByRole('status').textContent).toBe('Loading sessions…')
      expect(list(kit)).toBeNull()
    },
    failed: (_, kit) => {
      expect(kit.screen.getByRole('alert').textContent).toBe('Could not load your sessions.Retry')
      expect(list(kit)).toBeNull()
    },
    ready: (expected, kit) => {
      const sessions = expected.context.list!.sessions
      const names = rowNames(kit)
      // This browser first, then the others in the server's order; each once.
      expect(names).toEqual(['This device', ...sessions.filter((x) => !x.current).map((x) => `Session on ${x.device.browser}`)])
      expect(within(list(kit)!).getAllByText('This device')).toHaveLength(1)
      // Each row names its device kind (from the User-Agent's platform type, not from this code's table).
      const kinds: Record<string, string> = { mobile: 'Phone', desktop: 'Computer' }
      for (const kind of ['mobile', 'desktop'])
        expect(within(list(kit)!).queryAllByText(new RegExp(`^${kinds[kind]} · `))).toHaveLength(
          sessions.filter((x) => x.device.type === kind).length,
        )
      expect(kit.screen.queryByRole('button', { name: 'Sign out Chrome 140' })).toBeNull()
      for (const x of sessions)
        expect(kit.screen.getByText(new RegExp(`From ${(x.ip ?? 'unknown address').replace(/\./g, '\\.')}`))).toBeTruthy()
      expect(within(kit.screen.getByRole('list', { name: 'Login history' })).getAllByRole('listitem')).toHaveLength(LIST.history.length)
      expect(kit.screen.queryByRole('button', { name: 'Sign out all other sessions' }) !== null).toBe(sessions.some((x) => !x.current))
      if (expected.context.error) expect(kit.screen.getByRole('alert').textContent).toBe(expected.context.error)
      else expect(kit.screen.queryByRole('alert')).toBeNull()
    },
    'ready.confirmingOthers': (expected, kit) => {
      const others = expected.context.list!.sessions.filter((x) => !x.current).length
      const question = kit.screen.getByRole('group', { name: 'Confirm signing out all other sessions' })
      expect(question.textContent).toContain(`Sign out ${others} other session`)
      expect(button(kit, 'Sign out all other sessions').disabled).toBe(true)
    },
    'ready.idle': (_, kit) => {
      expect(kit.screen.queryByRole('group', { name: 'Confirm signing out all other sessions' })).toBeNull()
      for (const b of kit.screen.queryAllByRole<HTMLButtonElement>('button')) expect(b.disabled).toBe(false)
    },
    'ready.signingOut': (expected, kit) => {
      const acting = expected.context.acting as { sessionId: string }
      expect(kit.pending('signOutSession').input).toEqual({ sessionId: acting.sessionId })
      const target = expected.context.list!.sessions.find((x) => x._id === acting.sessionId)!
      expect(button(kit, `Sign out ${target.device.browser}`).getAttribute('aria-busy')).toBe('true')
      for (const b of kit.screen.queryAllByRole<HTMLButtonElement>('button')) expect(b.disabled).toBe(true)
    },
    'ready.signingOutOthers': (_, kit) => {
      expect(kit.pending('signOutOthers')).toBeTruthy()
      expect(button(kit, 'Sign out all other sessions').disabled).toBe(true)
    },
    'ready.refreshing': (_, kit) => {
      expect(kit.pending('refresh')).toBeTruthy()
      for (const b of kit.screen.queryAllByRole<HTMLButtonElement>('button')) expect(b.disabled).toBe(true)
    },
  },
})
