import { describe, expect, it } from 'vitest'
import { type MessageReactions, reactionsSeenBy, type ReactionSummary } from '../../../contract/reaction'

/**
 * reactionsSeenBy: a push of a message's reactions names the first 20 people of each emoji, the same
 * for everyone; a reader who reacted later keeps their own reaction (their id in `user_ids`) by the
 * change the push carries, or as they had it.
 */
const first = Array.from({ length: 20 }, (_, i) => `u${i}`)
const summary = (emoji: string, count: number, userIds: string[]): ReactionSummary => ({ emoji, count, user_ids: userIds, image_url: null })
const push = (reactions: ReactionSummary[], change?: MessageReactions['change']): MessageReactions => ({
  message_id: 'm1',
  topic_id: 't1',
  reactions,
  ...(change && { change }),
})

describe('reactionsSeenBy', () => {
  it('takes the push as it is when it names the reader or the reader had not reacted', () => {
    const next = push([summary('👍', 2, ['u0', 'me'])])
    expect(reactionsSeenBy([], next, 'me')).toEqual([summary('👍', 2, ['u0', 'me'])])
    expect(reactionsSeenBy([summary('👍', 1, ['u0'])], push([summary('👍', 21, first)]), 'me')).toEqual([summary('👍', 21, first)])
  })

  it('keeps the reader among the people of an emoji they reacted with, when someone else’s change pushes only the first 20', () => {
    const shown = [summary('🎉', 21, [...first, 'me'])]
    const next = push([summary('🎉', 22, first)], { user_id: 'u99', emoji: '🎉', added: true })
    expect(reactionsSeenBy(shown, next, 'me')).toEqual([summary('🎉', 22, [...first, 'me'])])
  })

  it('follows the reader’s own change made elsewhere (another tab): added or taken away', () => {
    const added = push([summary('🎉', 21, first)], { user_id: 'me', emoji: '🎉', added: true })
    expect(reactionsSeenBy([summary('🎉', 20, first)], added, 'me')).toEqual([summary('🎉', 21, [...first, 'me'])])
    const removed = push([summary('🎉', 20, first)], { user_id: 'me', emoji: '🎉', added: false })
    expect(reactionsSeenBy([summary('🎉', 21, [...first, 'me'])], removed, 'me')).toEqual([summary('🎉', 20, first)])
  })

  it('an emoji gone from the push is gone, whoever had it', () => {
    expect(reactionsSeenBy([summary('🎉', 1, ['me'])], push([]), 'me')).toEqual([])
  })
})
