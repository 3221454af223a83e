import { assertEvent, assign, fromPromise, raise, setup, stateIn, type ActorRefFrom, type SnapshotFrom } from 'xstate'
import { administeredCount, type Channel } from '../../../contract/channel'
import { actorNotProvided } from '../not-provided'
import type { AccountChannelsContext, AccountChannelsEvent, SwitchChannelInput } from './account-channels.types'

/**
 * The account drawer's channels: the user's channels, switch the current one, create one (within
 * the plan's channel quota). Two parallel regions:
 *
 *   list    closed --DRAWER_OPENED--> open: while the drawer or the create-channel modal shows,
 *           the user's channels are loaded (GET channel/my-channel), afresh at every opening
 *           closed --CREATE_FROM_PAGE (a page's 'Create a channel', the drawer shut)--> open in
 *             awaitingList
 *     shownIn  drawer --CREATE (once the list is loaded)--> createModal, with the number of
 *                channels the user administers (the plan quota's count)
 *              drawer --DRAWER_CLOSED--> list closed
 *              awaitingList --(the list loaded)--> createModal, with that count;
 *                --(the list failed: the http client's toast says why)--> list closed
 *              createModal --CREATED--> list closed: the user is refreshed (the new channel is
 *                current) and its chats open (/chat/default)
 *              createModal --CREATE_CLOSED (cancelled, or the quota message closed)--> list closed
 *     data     loading --done--> loaded, --error--> failed (the http client's toast says why)
 *              failed --RETRY--> loading; RELOAD (raised after a switch) --> loading
 *   switch  idle --SWITCH channel--> switching: PUT customer/current-channel; another SWITCH
 *           meanwhile is ignored
 *           switching --done--> idle: the user is refreshed (the current channel is the user's) and
 *             the list reloads; --error--> idle: the current channel stays (the http client toasts
 *             the error)
 *
 * A switch outlives the drawer: closing it does not lose the saved channel's refresh.
 * Pure: the calls are injected promise actors; `refreshUser` and `openChats` are injected actions.
 */

const notProvided = actorNotProvided('accountChannels')

export const accountChannelsMachine = setup({
  types: {
    context: {} as AccountChannelsContext,
    events: {} as AccountChannelsEvent,
  },
  actors: {
    /** GET channel/my-channel: the user's channels with the user's role in each. */
    loadChannels: fromPromise<Channel[], void>(notProvided('loadChannels')),
    /** PUT customer/current-channel {channel_id}. The response is not read. */
    switchChannel: fromPromise<unknown, SwitchChannelInput>(notProvided('switchChannel')),
  },
  guards: {
    listLoaded: ({ context }) => context.channels !== null,
    listFailed: stateIn({ list: { open: { data: 'failed' } } }),
  },
  actions: {
    /** Injected: fetch the user again (GET customer/user-info): the current channel is the user's. */
    refreshUser: () => {},
    /** Injected: open the chats of the current channel (/chat/default). */
    openChats: () => {},
    reloadList: raise({ type: 'RELOAD' }),
    clearList: assign({ channels: null }),
    keepQuotaCount: assign({ administeredChannels: ({ context }) => administeredCount(context.channels ?? []) }),
    clearSwitching: assign({ switching: null }),
    keepChannels: assign((_, params: { channels: Channel[] }) => ({ channels: params.channels })),
    markSwitching: assign(({ event }) => {
      assertEvent(event, 'SWITCH')
      return { switching: event.channelId }
    }),
  },
}).createMachine({
  id: 'accountChannels',
  context: { channels: null, switching: null, administeredChannels: 0 },
  type: 'parallel',
  states: {
    list: {
      initial: 'closed',
      states: {
        closed: {
          on: { DRAWER_OPENED: 'open', CREATE_FROM_PAGE: 'open.shownIn.awaitingList' },
        },
        open: {
          type: 'parallel',
          states: {
            shownIn: {
              initial: 'drawer',
              states: {
                drawer: {
                  on: {
                    DRAWER_CLOSED: '#accountChannels.list.closed',
                    CREATE: { guard: 'listLoaded', target: 'createModal', actions: 'keepQuotaCount' },
                  },
                },
                awaitingList: {
                  always: [
                    { guard: 'listLoaded', target: 'createModal', actions: 'keepQuotaCount' },
                    { guard: 'listFailed', target: '#accountChannels.list.closed' },
                  ],
                },
                createModal: {
                  on: {
                    CREATED: { target: '#accountChannels.list.closed', actions: ['refreshUser', 'openChats'] },
                    CREATE_CLOSED: '#accountChannels.list.closed',
                  },
                },
              },
            },
            data: {
              initial: 'loading',
              on: { RELOAD: '.loading' },
              states: {
                loading: {
                  entry: 'clearList',
                  invoke: {
                    id: 'loadChannels',
                    src: 'loadChannels',
                    onDone: { target: 'loaded', actions: { type: 'keepChannels', params: ({ event }) => ({ channels: event.output }) } },
                    onError: 'failed',
                  },
                },
                loaded: {},
                failed: {
                  on: { RETRY: 'loading' },
                },
              },
            },
          },
        },
      },
    },
    switch: {
      initial: 'idle',
      states: {
        idle: {
          on: {
            SWITCH: { target: 'switching', actions: 'markSwitching' },
          },
        },
        switching: {
          invoke: {
            id: 'switchChannel',
            src: 'switchChannel',
            input: ({ event }) => {
              assertEvent(event, 'SWITCH')
              return { channelId: event.channelId }
            },
            onDone: { target: 'idle', actions: ['clearSwitching', 'refreshUser', 'reloadList'] },
            onError: { target: 'idle', actions: 'clearSwitching' },
          },
        },
      },
    },
  },
})

export type AccountChannelsMachine = typeof accountChannelsMachine
export type AccountChannelsActor = ActorRefFrom<AccountChannelsMachine>
export type AccountChannelsSnapshot = SnapshotFrom<AccountChannelsMachine>
