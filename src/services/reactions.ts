import { useEffect, useMemo } from 'react'
import { useActorRef, useSelector } from '@xstate/react'
import { fromPromise } from 'xstate'
import type { Message } from '../../contract/message'
import type { CustomEmoji, MessageReactions, ReactionPeople, ReactionSummary } from '../../contract/reaction'
import type { TopicInfo } from '../../contract/topic'
import { connect, reactionsMachine, type ReactionChange } from '../machines/reactions'
import { addReaction, removeReaction, topicEmoji, whoReacted } from './api/reaction'
import { onSocketEvent } from './socket'

/** The reactions machine with its calls: reaction/add, reaction/remove, emoji/custom, reaction/list. */
const appReactionsMachine = reactionsMachine.provide({
  actors: {
    sendChange: fromPromise<MessageReactions, ReactionChange>(({ input }) =>
      input.add ? addReaction(input.messageId, input.emoji) : removeReaction(input.messageId, input.emoji),
    ),
    loadCustom: fromPromise<CustomEmoji[], { topicId: string }>(({ input }) => topicEmoji(input.topicId)),
    loadWho: fromPromise<ReactionPeople[], { messageId: string }>(({ input }) => whoReacted(input.messageId)),
  },
})

const NONE: ReactionSummary[] = []

/**
 * The reactions of an open chat: the reactions machine with its calls, fed the socket's
 * MESSAGE_REACTED (an open "who reacted" list reads again) and its channel's CUSTOM_EMOJI_CHANGED; each answer to the user's own change
 * goes to the conversation (`onReacted`), which also takes the socket's. `messages`: the chat's
 * messages as it shows them (a picked emoji's message's reactions). Returns the reaction bar's and
 * picker's props.
 */
export function useReactions(topic: TopicInfo, meId: string, messages: readonly Message[], onReacted: (answer: MessageReactions) => void) {
  const actor = useActorRef(appReactionsMachine, { input: { topicId: topic._id, meId } })
  useEffect(() => {
    const offs = [
      onSocketEvent('MESSAGE_REACTED', (payload) => actor.send({ type: 'SOCKET_REACTED', ...payload })),
      onSocketEvent('CUSTOM_EMOJI_CHANGED', ({ channel_id }) => {
        if (channel_id === topic.channel_id) actor.send({ type: 'CUSTOM_CHANGED' })
      }),
      actor.on('reacted', ({ type: _type, ...answer }) => onReacted(answer)),
    ]
    return () => offs.forEach((off) => (typeof off === 'function' ? off() : off.unsubscribe()))
  }, [actor, onReacted, topic.channel_id])
  const snapshot = useSelector(actor, (s) => s)
  const names = useMemo(() => new Map(topic.customers.map((c) => [c._id, c.name])), [topic.customers])
  const byId = useMemo(() => new Map(messages.map((m) => [m._id, m.reactions])), [messages])
  return useMemo(() => connect(snapshot, actor.send, { names, reactionsOf: (id) => byId.get(id) ?? NONE }), [snapshot, actor, names, byId])
}
