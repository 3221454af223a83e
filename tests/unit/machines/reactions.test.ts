import { describe, expect, it } from 'vitest'
import { reactionBody, realEmoji, shortcodeOf } from '../../../contract/reaction'
import { isMine, withMine } from '../../../src/machines/reactions'

/**
 * What the reaction paths of the model test do not reach: the emoji the contract takes (one RGI
 * emoji, skin tones and ZWJ sequences included, a heart without its U+FE0F made whole; a
 * :shortcode:), and mine added or taken away where others reacted too.
 */
describe('a reaction’s emoji', () => {
  it('is one real emoji, written fully qualified, or a :shortcode:', () => {
    expect(['👍', '👍🏽', '🏳️‍🌈', '👨‍👩‍👧', '🇻🇳', '1️⃣'].map(realEmoji)).toEqual(['👍', '👍🏽', '🏳️‍🌈', '👨‍👩‍👧', '🇻🇳', '1️⃣'])
    expect(realEmoji('❤')).toBe('❤️')
    expect(['a', '👍👍', ':)', '', ' 👍'].map(realEmoji)).toEqual([null, null, null, null, null])
    expect([':party_parrot:', ':Bad:', 'party', ':a:'].map(shortcodeOf)).toEqual(['party_parrot', null, null, null])
    expect(reactionBody.safeParse({ message_id: 'x', emoji: ' 👍 ' }).data?.emoji).toBe('👍')
    expect(reactionBody.safeParse({ message_id: 'x', emoji: 'thumbs' }).error?.issues.map((i) => i.path)).toEqual([['emoji']])
  })
})

describe('mine, added or taken away', () => {
  const ana = { emoji: '👍', count: 2, user_ids: ['ana', 'binh'], image_url: null }
  it('counts me in once, and out where others stay', () => {
    const added = withMine([ana], '👍', 'me', true)
    expect(added).toEqual([{ ...ana, count: 3, user_ids: ['ana', 'binh', 'me'] }])
    expect(withMine(added, '👍', 'me', true)).toEqual(added)
    expect(withMine(added, '👍', 'me', false)).toEqual([ana])
    expect(withMine([ana], '👍', 'me', false)).toEqual([ana])
    expect(withMine([ana], ':parrot:', 'me', true, '/api/media/public/p.png')).toEqual([
      ana,
      { emoji: ':parrot:', count: 1, user_ids: ['me'], image_url: '/api/media/public/p.png' },
    ])
    expect(isMine(added, '👍', 'me')).toBe(true)
    expect(isMine([ana], '👍', 'me')).toBe(false)
  })
})
