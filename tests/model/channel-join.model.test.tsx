import { expect } from 'vitest'
import { within } from '@testing-library/react'
import { ROLES } from '../../contract/limits'
import { channelJoinMachine, connect, type ChannelJoinSnapshot } from '../../src/machines/channel-join'
import { ChannelPublicPage } from '../../src/ui/channel/channel-public-page'
import { describeModel, type ModelKit } from './support/run-model'
import { routed } from './support/routed'
import { channelInfo } from '../support/channel-info'

/** The channel page as /channel/{id} renders it: the card, and the join form for a signed-in visitor. */

type Kit = ModelKit<typeof channelJoinMachine>
type S = ChannelJoinSnapshot

const channel = channelInfo
const PUBLIC = channel({})
const PRIVATE = channel({ name: 'Acme Board', is_public: false, members_count: 4 })
const MEMBER = channel({ name: 'Acme Team', role: ROLES.member, members_count: 30 })
const PASSWORD = 'sesame'

const page = routed(channelJoinMachine, (snapshot, send) => <ChannelPublicPage {...connect(snapshot, send)} />)

const joinButton = (kit: Kit) => kit.screen.getByRole<HTMLButtonElement>('button', { name: 'Join channel' })
const passwordField = (kit: Kit) => kit.screen.getByLabelText<HTMLInputElement>('Channel password')
const joinFormShown = (s: S) => s.matches('shown') && s.context.loggedIn && s.context.channel!.role < ROLES.member
/** Joins started and finished, counted from the calls the machine made (not from its context). */
const joins = (kit: Kit) => kit.calls.filter((call) => call.src === 'joinChannel')

describeModel({
  machine: channelJoinMachine,
  inputs: { visitor: { channelId: 'ch-1', loggedIn: false }, signedIn: { channelId: 'ch-1', loggedIn: true } },
  select: 'transitions',
  serializeState: (s) =>
    JSON.stringify({
      value: s.value,
      c: s.context.channelId,
      l: s.context.loggedIn,
      ch: s.context.channel?.name ?? null,
      p: s.context.password,
      e: s.context.error,
    }),
  events: {
    'xstate.done.actor.loadChannel': [PUBLIC, PRIVATE, MEMBER].map((output) => ({ type: 'xstate.done.actor.loadChannel', output })),
    'xstate.error.actor.loadChannel': [{ type: 'xstate.error.actor.loadChannel', error: new Error('Not Found') }],
    'xstate.error.actor.joinChannel': [{ type: 'xstate.error.actor.joinChannel', error: new Error('Wrong password.') }],
    // The route's params: another channel (once), or the visitor signing in.
    OPEN: (s) => [
      ...(s.context.channelId === 'ch-1' ? [{ type: 'OPEN', channelId: 'ch-2', loggedIn: s.context.loggedIn }] : []),
      ...(!s.context.loggedIn ? [{ type: 'OPEN', channelId: s.context.channelId, loggedIn: true }] : []),
    ],
    PASSWORD_CHANGED: (s) =>
      joinFormShown(s) && !s.context.channel!.is_public && s.context.password === ''
        ? [{ type: 'PASSWORD_CHANGED', password: PASSWORD }]
        : [],
    JOIN: (s) => (joinFormShown(s) ? [{ type: 'JOIN' }] : []),
    RETRY: (s) => (s.matches('missing') ? [{ type: 'RETRY' }] : []),
  },
  spyActions: ['openChats'],
  render: page.render,
  ready: page.ready,
  perform: {
    PASSWORD_CHANGED: async (event, kit) => {
      await kit.user.type(passwordField(kit), (event as unknown as { password: string }).password)
    },
    JOIN: async (_, kit) => {
      // A private channel's button waits for its password.
      expect(joinButton(kit).disabled).toBe(!kit.previous.context.channel!.is_public && kit.previous.context.password === '')
      await kit.user.click(joinButton(kit))
    },
    RETRY: async (_, kit) => {
      await kit.user.click(within(kit.screen.getByRole('alert')).getByRole('button', { name: 'Retry' }))
    },
    'xstate.done.actor.joinChannel': async (_, kit) => {
      expect(kit.actions.openChats).not.toHaveBeenCalled()
      await kit.resolve('joinChannel', { _id: 'ch-1' })
      // The chats open once, when the server accepted the join.
      expect(kit.actions.openChats).toHaveBeenCalledTimes(1)
    },
  },
  states: {
    loading: (expected, kit) => {
      expect(kit.screen.getByRole('status').textContent).toBe('Loading channel…')
      expect(kit.pending('loadChannel').input).toEqual({ channelId: expected.context.channelId })
    },
    missing: (_, kit) => {
      const alert = kit.screen.getByRole('alert')
      expect(within(alert).getByRole('heading', { name: 'Channel not found' })).toBeTruthy()
      expect(within(alert).getByRole('button', { name: 'Retry' })).toBeTruthy()
    },
    shown: (expected, kit) => {
      const shown = expected.context.channel!
      expect(kit.screen.getByRole('heading', { level: 1 }).textContent).toBe(shown.name)
      // The count is the server's, whatever the machine did.
      expect(
        kit.screen.getByText(`${shown.is_public ? 'Public channel' : 'Private channel'} · ${shown.members_count} members`),
      ).toBeTruthy()
      if (shown.role >= ROLES.member) {
        expect(kit.screen.getByRole('link', { name: 'Open chats' }).getAttribute('href')).toBe('/chat/default')
        expect(kit.screen.queryByRole('button', { name: 'Join channel' })).toBeNull()
      } else if (!expected.context.loggedIn) {
        expect(kit.screen.getByRole('link', { name: 'Log in to join' }).getAttribute('href')).toBe(
          `/login?redirect=%2Fchannel%2F${shown._id}`,
        )
        expect(kit.screen.queryByRole('button', { name: 'Join channel' })).toBeNull()
      } else {
        expect(kit.screen.queryByLabelText('Channel password') === null).toBe(shown.is_public)
        if (!shown.is_public) expect(passwordField(kit).value).toBe(expected.context.password)
      }
    },
    'shown.idle': (expected, kit) => {
      if (!joinFormShown(expected)) return
      const { channel: shown, password, error } = expected.context
      expect(joinButton(kit).disabled).toBe(!shown!.is_public && password === '')
      expect(joinButton(kit).getAttribute('aria-busy')).toBeNull()
      if (error) expect(kit.screen.getByRole('alert').textContent).toBe(error)
      else expect(kit.screen.queryByRole('alert')).toBeNull()
    },
    'shown.joining': (expected, kit) => {
      expect(joinButton(kit).disabled).toBe(true)
      expect(joinButton(kit).getAttribute('aria-busy')).toBe('true')
      // A private channel's password goes with the join, a public one's call has none.
      const shown = expected.context.channel!
      expect(kit.pending('joinChannel').input).toEqual(
        shown.is_public ? { channelId: shown._id } : { channelId: shown._id, password: PASSWORD },
      )
      expect(kit.screen.queryByRole('alert')).toBeNull()
    },
    joined: (_, kit) => {
      // One join call per path reached here, however many were refused before it.
      expect(joins(kit).filter((call) => !call.settled)).toEqual([])
      expect(kit.actions.openChats).toHaveBeenCalledTimes(1)
      expect(joinButton(kit).disabled).toBe(true)
    },
  },
})
