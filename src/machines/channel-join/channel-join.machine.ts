import { assign, fromPromise, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate'
import { ROLES } from '../../../contract/limits'
import { errorTextOf, outputOf } from '../invoke-result'
import { actorNotProvided } from '../not-provided'
import type { ChannelInfo, ChannelJoinContext, ChannelJoinEvent, ChannelJoinInput, JoinChannelInput } from './channel-join.types'

/**
 * /channel/{id}: a channel's card for anyone.
 *
 *   loading --done--> shown.idle | --error--> missing (RETRY loads again)
 *   shown.idle --PASSWORD_CHANGED--> shown.idle (a private channel's password)
 *   shown.idle --JOIN [a signed-in non-member, and a private channel's password typed]--> shown.joining
 *   shown.joining --done--> joined (the injected `openChats` goes to the chats)
 *   shown.joining --error--> shown.idle with the server's reason
 *   any --OPEN [another channel or session]--> loading
 */

const notProvided = actorNotProvided('channelJoin')

export const channelJoinMachine = setup({
  types: {
    context: {} as ChannelJoinContext,
    events: {} as ChannelJoinEvent,
    input: {} as ChannelJoinInput,
  },
  actors: {
    /** GET channel/info. */
    loadChannel: fromPromise<ChannelInfo, { channelId: string }>(notProvided('loadChannel')),
    /** POST channel/join; fails with the reason to show. */
    joinChannel: fromPromise<unknown, JoinChannelInput>(notProvided('joinChannel')),
  },
  guards: {
    otherPage: ({ context, event }) =>
      event.type === 'OPEN' && (event.channelId !== context.channelId || event.loggedIn !== context.loggedIn),
    mayJoin: ({ context }) => {
      const channel = context.channel
      return channel !== null && context.loggedIn && channel.role < ROLES.member && (channel.is_public || context.password !== '')
    },
  },
  actions: {
    /** Injected: go to the chats (the user is now a member). */
    openChats: () => {},
    openPage: assign(({ event }) =>
      event.type === 'OPEN' ? { channelId: event.channelId, loggedIn: event.loggedIn, channel: null, password: '', error: null } : {},
    ),
    setChannel: assign({ channel: ({ event }) => outputOf<ChannelInfo>(event) }),
    setPassword: assign({ password: ({ event }) => (event.type === 'PASSWORD_CHANGED' ? event.password : '') }),
    clearError: assign({ error: null }),
    setError: assign({ error: ({ event }) => errorTextOf(event) }),
  },
}).createMachine({
  id: 'channelJoin',
  context: ({ input }) => ({ ...input, channel: null, password: '', error: null }),
  initial: 'loading',
  on: {
    OPEN: { guard: 'otherPage', target: '.loading', actions: 'openPage' },
  },
  states: {
    loading: {
      invoke: {
        id: 'loadChannel',
        src: 'loadChannel',
        input: ({ context }) => ({ channelId: context.channelId }),
        onDone: { target: 'shown', actions: 'setChannel' },
        onError: 'missing',
      },
    },
    missing: {
      on: { RETRY: 'loading' },
    },
    shown: {
      initial: 'idle',
      states: {
        idle: {
          on: {
            PASSWORD_CHANGED: { actions: 'setPassword' },
            JOIN: { guard: 'mayJoin', target: 'joining', actions: 'clearError' },
          },
        },
        joining: {
          invoke: {
            id: 'joinChannel',
            src: 'joinChannel',
            input: ({ context }) => ({
              channelId: context.channel!._id,
              ...(context.channel!.is_public ? {} : { password: context.password }),
            }),
            onDone: { target: '#channelJoin.joined', actions: 'openChats' },
            onError: { target: 'idle', actions: 'setError' },
          },
        },
      },
    },
    /** Joined: the app is on its way to the chats. */
    joined: {},
  },
})

/** What the statechart visualiser starts the machine with. */
export const channelJoinSampleInput: ChannelJoinInput = { channelId: 'channel-1', loggedIn: true }

export type ChannelJoinMachine = typeof channelJoinMachine
export type ChannelJoinActor = ActorRefFrom<ChannelJoinMachine>
export type ChannelJoinSnapshot = SnapshotFrom<ChannelJoinMachine>
