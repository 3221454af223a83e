import { assign, fromPromise, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate'
import { errorTextOf, outputOf } from '../invoke-result'
import { actorNotProvided } from '../not-provided'
import type { SupportChatContext, SupportChatEvent, TopicInfo } from './support-chat.types'

/**
 * The sidebar's support chat: a 356 px drawer holding the user's chat with the support desk (the
 * conversation itself is the chat's own machine).
 *
 *   closed --OPEN [the chat is known]--> open | --OPEN--> opening
 *   opening --done--> open | --error--> failed
 *   failed --RETRY--> opening
 *   opening | open | failed --CLOSE--> closed
 */

const notProvided = actorNotProvided('supportChat')

export const supportChatMachine = setup({
  types: { context: {} as SupportChatContext, events: {} as SupportChatEvent },
  actors: {
    /** GET workid/chat/chat-friend (the desk's chat id, made on first use), then GET topic/info. */
    openSupport: fromPromise<TopicInfo>(notProvided('openSupport')),
  },
  guards: {
    knowsChat: ({ context }) => context.topic !== null,
  },
  actions: {
    setTopic: assign({ topic: ({ event }) => outputOf<TopicInfo>(event), error: null }),
    setError: assign({ error: ({ event }) => errorTextOf(event) }),
  },
}).createMachine({
  id: 'supportChat',
  context: { topic: null, error: null },
  initial: 'closed',
  states: {
    closed: {
      on: { OPEN: [{ guard: 'knowsChat', target: 'open' }, { target: 'opening' }] },
    },
    opening: {
      on: { CLOSE: 'closed' },
      invoke: {
        id: 'openSupport',
        src: 'openSupport',
        onDone: { target: 'open', actions: 'setTopic' },
        onError: { target: 'failed', actions: 'setError' },
      },
    },
    open: { on: { CLOSE: 'closed' } },
    failed: { on: { RETRY: 'opening', CLOSE: 'closed' } },
  },
})

export type SupportChatMachine = typeof supportChatMachine
export type SupportChatActor = ActorRefFrom<SupportChatMachine>
export type SupportChatSnapshot = SnapshotFrom<SupportChatMachine>
