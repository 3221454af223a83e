import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { SERVER_MESSAGES } from '../../contract'
import { messageReactions } from '../../server/db/schema'
import { chatServer, clientId, type Person, person } from './chat-fixtures'
import { nextEvent, silence } from './harness'
import { pngBytes, upload } from './verified-fixtures'

/**
 * The server side of reactions (reaction/*) and a channel's custom emoji (emoji/*): add and remove
 * are idempotent, counts and names per emoji, the message page carries them (one summary for every
 * reader, the reader named after the first 20 when they reacted later: "mine" is my id among `user_ids`), MESSAGE_REACTED to the topic, at most 50 different
 * emoji a message, emoji checked (a real emoji or a :shortcode: of the message's channel), access
 * (strangers, a group that restricts sending, a block or friends-only in a 1:1 chat), and custom
 * emoji made and deleted by channel admins only. Expected values are written out here.
 */
const chat = chatServer()
const { socket, team } = chat

interface Summary {
  emoji: string
  count: number
  user_ids: string[]
  image_url: string | null
}
interface Reacted {
  message_id: string
  topic_id: string
  reactions: Summary[]
}

const send = async (who: Person, topicId: string, text = 'hello') => {
  const res = await who.api('POST', 'message/send', { client_id: clientId(), topic_id: topicId, message: text })
  expect(res.status, JSON.stringify(res.body)).toBe(200)
  return res.body.result as { _id: string; reactions: Summary[] }
}
const add = (who: Person, messageId: string, emoji: string) => who.api('POST', 'reaction/add', { message_id: messageId, emoji })
const remove = (who: Person, messageId: string, emoji: string) => who.api('POST', 'reaction/remove', { message_id: messageId, emoji })
const page = async (who: Person, topicId: string) => {
  const res = await who.api('GET', `topic/messages?topic_id=${topicId}&page=1`)
  expect(res.status).toBe(200)
  return res.body.result as { _id: string; reactions: Summary[] }[]
}
const short = (s: Summary[]) => s.map((r) => [r.emoji, r.count, r.user_ids])

describe('reacting to a message', () => {
  it('adds and removes idempotently; counts, who, order of first use; the page carries them; MESSAGE_REACTED to the topic', async () => {
    const { people, generalId } = await team('Ann', 'Bao', 'Chi')
    const [ann, bao, chi] = people as [Person, Person, Person]
    const sent = await send(ann, generalId)
    expect(sent.reactions).toEqual([])
    const chiSocket = await socket(chi)

    const told = nextEvent<Reacted>(chiSocket, 'MESSAGE_REACTED')
    const first = await add(ann, sent._id, '👍')
    expect(first.status, JSON.stringify(first.body)).toBe(200)
    expect(first.body.result).toEqual({
      message_id: sent._id,
      topic_id: generalId,
      reactions: [{ emoji: '👍', count: 1, user_ids: [ann.user._id], image_url: null }],
      change: { user_id: ann.user._id, emoji: '👍', added: true },
    })
    expect(await told).toEqual(first.body.result)

    // The same again changes nothing and tells nobody.
    const quiet = silence(chiSocket, 'MESSAGE_REACTED')
    const again = await add(ann, sent._id, '👍')
    expect(again.status).toBe(200)
    expect(short(again.body.result.reactions)).toEqual([['👍', 1, [ann.user._id]]])
    expect(await quiet).toBe(true)

    expect((await add(bao, sent._id, '👍')).status).toBe(200)
    // A heart without its U+FE0F is the same heart.
    const heart = await add(bao, sent._id, '❤')
    expect(short(heart.body.result.reactions)).toEqual([
      ['👍', 2, [ann.user._id, bao.user._id]],
      ['❤️', 1, [bao.user._id]],
    ])
    // A skin tone is its own emoji.
    expect((await add(chi, sent._id, '👍🏽')).status).toBe(200)

    const seen = (await page(chi, generalId)).find((m) => m._id === sent._id)!
    expect(short(seen.reactions)).toEqual([
      ['👍', 2, [ann.user._id, bao.user._id]],
      ['❤️', 1, [bao.user._id]],
      ['👍🏽', 1, [chi.user._id]],
    ])

    const list = await chi.api('GET', `reaction/list?message_id=${sent._id}`)
    expect(list.status).toBe(200)
    expect(list.body.result.map((r: { emoji: string; users: { name: string }[] }) => [r.emoji, r.users.map((u) => u.name)])).toEqual([
      ['👍', ['Ann', 'Bao']],
      ['❤️', ['Bao']],
      ['👍🏽', ['Chi']],
    ])

    const gone = nextEvent<Reacted>(chiSocket, 'MESSAGE_REACTED')
    const removed = await remove(ann, sent._id, '👍')
    expect(short(removed.body.result.reactions)).toEqual([
      ['👍', 1, [bao.user._id]],
      ['❤️', 1, [bao.user._id]],
      ['👍🏽', 1, [chi.user._id]],
    ])
    expect(short((await gone).reactions)).toEqual(short(removed.body.result.reactions))
    // Taking back one that is not there changes nothing.
    const quietAgain = silence(chiSocket, 'MESSAGE_REACTED')
    expect((await remove(ann, sent._id, '👍')).status).toBe(200)
    expect(await quietAgain).toBe(true)
    expect((await remove(bao, sent._id, '❤️')).body.result.reactions.map((r: Summary) => r.emoji)).toEqual(['👍', '👍🏽'])
  })

  it('past the first 20 people with an emoji, a reader still learns their own: the page and their answer name them after the 20, the push says whose change it was', async () => {
    const names = Array.from({ length: 23 }, (_, i) => `R${i}`)
    const { people, generalId } = await team(...names)
    const [first, ...rest] = people as [Person, ...Person[]]
    const sent = await send(first, generalId)
    for (const who of people.slice(0, 20)) expect((await add(who, sent._id, '🎉')).status).toBe(200)
    const [late, later, onlooker] = rest.slice(19) as [Person, Person, Person]
    const onlookerSocket = await socket(onlooker)
    const told = nextEvent<Reacted & { change: unknown }>(onlookerSocket, 'MESSAGE_REACTED')
    const mine = await add(late, sent._id, '🎉')
    const firstTwenty = people.slice(0, 20).map((p) => p.user._id)
    expect(short(mine.body.result.reactions)).toEqual([['🎉', 21, [...firstTwenty, late.user._id]]])
    // The push is the answer, the change naming who made it (a reader who reacted late keeps theirs by it).
    const pushed = await told
    expect(pushed).toEqual(mine.body.result)
    expect(pushed.change).toEqual({ user_id: late.user._id, emoji: '🎉', added: true })
    // Each reader's page: the first 20, and the reader after them when they reacted.
    expect(short((await page(late, generalId)).find((m) => m._id === sent._id)!.reactions)).toEqual([
      ['🎉', 21, [...firstTwenty, late.user._id]],
    ])
    expect(short((await page(later, generalId)).find((m) => m._id === sent._id)!.reactions)).toEqual([['🎉', 21, firstTwenty]])
    expect(short((await page(first, generalId)).find((m) => m._id === sent._id)!.reactions)).toEqual([['🎉', 21, firstTwenty]])
  })

  it('takes the same reaction sent many times at once as one', async () => {
    const { people, generalId } = await team('Ann', 'Bao')
    const [ann, bao] = people as [Person, Person]
    const sent = await send(ann, generalId)
    const answers = await Promise.all(Array.from({ length: 8 }, () => add(bao, sent._id, '🎉')))
    expect(answers.map((a) => a.status)).toEqual(Array(8).fill(200))
    const rows = await chat.server.ctx.db.select().from(messageReactions).where(eq(messageReactions.messageId, sent._id))
    expect(rows.map((r) => [r.userId, r.emoji])).toEqual([[bao.user._id, '🎉']])
  })

  it('refuses what is not one emoji (400 on emoji), a deleted message, and a 51st different emoji even when sent at once', async () => {
    const { people, generalId } = await team('Ann', 'Bao')
    const [ann, bao] = people as [Person, Person]
    const sent = await send(ann, generalId)
    for (const bad of ['', 'a', '👍👍', 'thumbs up', ':nope:', ':Bad Code:', '👍'.repeat(40)]) {
      const res = await add(bao, sent._id, bad)
      expect(res.status, bad).toBe(400)
      expect(Object.keys(res.body.errors), bad).toEqual(['emoji'])
    }
    // A shortcode its channel does not have.
    const unknown = await add(bao, sent._id, ':party_parrot:')
    expect(unknown.status).toBe(400)
    expect(unknown.body.errors.emoji).toEqual([SERVER_MESSAGES.reactionUnknownEmoji.en])

    // 50 different emoji, then two more at once: both refused; an emoji already there still takes more people.
    const fifty = [...'😀😃😄😁😆😅🤣😂🙂🙃😉😊😇🥰😍🤩😘😗😚😙😋😛😜🤪😝🤑🤗🤭🤫🤔🤐🤨😐😑😶😏😒🙄😬🤥😌😔😪🤤😴😷🤒🤕🤢🤮']
    expect(fifty.length).toBe(50)
    for (const emoji of fifty) expect((await add(ann, sent._id, emoji)).status, emoji).toBe(200)
    const [one, two] = await Promise.all([add(bao, sent._id, '🥵'), add(ann, sent._id, '🥶')])
    expect([one.status, two.status]).toEqual([400, 400])
    expect(one.body.errors.emoji).toEqual([SERVER_MESSAGES.reactionsFull.en])
    expect((await add(bao, sent._id, '😀')).status).toBe(200)
    const counted = (await page(ann, generalId)).find((m) => m._id === sent._id)!.reactions
    expect(counted).toHaveLength(50)
    expect(counted[0]).toMatchObject({ emoji: '😀', count: 2 })

    const doomed = await send(ann, generalId, 'to delete')
    expect((await add(bao, doomed._id, '👍')).status).toBe(200)
    expect((await ann.api('DELETE', 'message/delete', { message_id: doomed._id })).status).toBe(200)
    const late = await add(bao, doomed._id, '🎉')
    expect(late.status).toBe(400)
    expect(Object.keys(late.body.errors)).toEqual(['message_id'])
    expect((await page(ann, generalId)).find((m) => m._id === doomed._id)!.reactions).toEqual([])
  })
})

describe('who may react', () => {
  it('members only (a stranger 403, an unknown message 404); a group that keeps sending to admins still takes members’ reactions', async () => {
    const { people, generalId } = await team('Owner', 'Bao')
    const [owner, bao] = people as [Person, Person]
    const stranger = await person(chat.server.url, 'Stranger')
    const sent = await send(owner, generalId)
    expect((await add(stranger, sent._id, '👍')).status).toBe(403)
    expect((await stranger.api('GET', `reaction/list?message_id=${sent._id}`)).status).toBe(403)
    expect((await add(stranger, crypto.randomUUID(), '👍')).status).toBe(404)
    expect((await owner.api('PUT', 'topic/permission', { topic_id: generalId, permission: { send_message: 1 } })).status).toBe(200)
    expect((await bao.api('POST', 'message/send', { client_id: clientId(), topic_id: generalId, message: 'x' })).status).toBe(403)
    expect((await add(bao, sent._id, '👍')).status).toBe(200)
  })

  it('in a 1:1 chat, a block or a friends-only setting refuses reacting as it refuses sending', async () => {
    const base = chat.server.url
    const [alice, bob, carol] = await Promise.all([person(base, 'Alice'), person(base, 'Bob'), person(base, 'Carol')])
    const dm = (await bob.api('GET', `topic/chat-friend?customer_id=${alice.user._id}`)).body.result._id as string
    const alices = await send(alice, dm, 'hi Bob')
    expect((await add(bob, alices._id, '👍')).status).toBe(200)
    expect((await alice.api('POST', 'relates/block', { customer_id: bob.user._id })).status).toBe(200)
    const refused = await add(bob, alices._id, '❤️')
    expect(refused.status).toBe(403)
    expect(refused.body.message).toBe('You cannot contact this person.')
    expect((await remove(bob, alices._id, '👍')).status).toBe(403)
    // The blocker still may.
    expect((await add(alice, alices._id, '❤️')).status).toBe(200)

    const carolDm = (await bob.api('GET', `topic/chat-friend?customer_id=${carol.user._id}`)).body.result._id as string
    const carols = await send(carol, carolDm, 'hello')
    expect((await carol.api('PUT', 'customer/update-profile', { only_friend_chat: 1 })).status).toBe(200)
    expect((await add(bob, carols._id, '👍')).status).toBe(403)
  })
})

describe('custom emoji', () => {
  const emojiImage = async (who: Person) => {
    const res = await upload(chat.server, who, { bytes: await pngBytes(), name: 'parrot.png', acl: 'public' })
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    return res.body.result._id as string
  }

  it('a channel admin adds one (shortcode once per channel); members see it in the picker and react with it; deleted, reactions stay by shortcode', async () => {
    const { people, channelId, generalId } = await team('Owner', 'Bao')
    const [owner, bao] = people as [Person, Person]
    const baoSocket = await socket(bao)
    const mediaId = await emojiImage(owner)
    // Members' open pickers hear of it (the rooms of the channel's chats).
    const toldMade = nextEvent<{ channel_id: string }>(baoSocket, 'CUSTOM_EMOJI_CHANGED')
    const made = await owner.api('POST', 'emoji/create', { channel_id: channelId, shortcode: ':Party_Parrot:', media_id: mediaId })
    expect(made.status, JSON.stringify(made.body)).toBe(200)
    expect(await toldMade).toEqual({ channel_id: channelId })
    expect(made.body.result).toMatchObject({ channel_id: channelId, shortcode: 'party_parrot' })
    expect(made.body.result.image_url).toMatch(/^\/api\/media\/public\//)
    const image = await fetch(`${chat.server.url}${made.body.result.image_url}`)
    expect(image.headers.get('content-type')).toBe('image/png')

    const taken = await owner.api('POST', 'emoji/create', { channel_id: channelId, shortcode: 'party_parrot', media_id: mediaId })
    expect(taken.status).toBe(400)
    expect(taken.body.errors.shortcode).toEqual([SERVER_MESSAGES.emojiShortcodeTaken.en])

    // A member: not allowed to add; sees them by the channel and by its chat.
    const baoImage = await emojiImage(bao)
    expect((await bao.api('POST', 'emoji/create', { channel_id: channelId, shortcode: 'mine', media_id: baoImage })).status).toBe(403)
    const byTopic = await bao.api('GET', `emoji/custom?topic_id=${generalId}`)
    expect(byTopic.body.result.map((e: { shortcode: string }) => e.shortcode)).toEqual(['party_parrot'])
    expect((await bao.api('GET', `emoji/custom?channel_id=${channelId}`)).body.result).toEqual(byTopic.body.result)
    const stranger = await person(chat.server.url, 'Stranger')
    expect((await stranger.api('GET', `emoji/custom?topic_id=${generalId}`)).status).toBe(403)

    const sent = await send(owner, generalId)
    const reacted = await add(bao, sent._id, ':party_parrot:')
    expect(reacted.status, JSON.stringify(reacted.body)).toBe(200)
    expect(reacted.body.result.reactions).toEqual([
      { emoji: ':party_parrot:', count: 1, user_ids: [bao.user._id], image_url: made.body.result.image_url },
    ])

    // Another channel's shortcode is unknown here.
    const other = await team('Other')
    const otherMessage = await send(other.people[0]!, other.generalId)
    expect((await add(other.people[0]!, otherMessage._id, ':party_parrot:')).status).toBe(400)

    expect((await bao.api('DELETE', 'emoji/delete', { emoji_id: made.body.result._id })).status).toBe(403)
    const toldDeleted = nextEvent<{ channel_id: string }>(baoSocket, 'CUSTOM_EMOJI_CHANGED')
    expect((await owner.api('DELETE', 'emoji/delete', { emoji_id: made.body.result._id })).status).toBe(200)
    expect(await toldDeleted).toEqual({ channel_id: channelId })
    expect((await owner.api('DELETE', 'emoji/delete', { emoji_id: made.body.result._id })).status).toBe(404)
    const after = (await page(bao, generalId)).find((m) => m._id === sent._id)!
    expect(after.reactions).toEqual([{ emoji: ':party_parrot:', count: 1, user_ids: [bao.user._id], image_url: null }])
    // Joining the reaction that is there still works; a message without it can no longer take it.
    expect(short((await add(owner, sent._id, ':party_parrot:')).body.result.reactions)).toEqual([
      [':party_parrot:', 2, [bao.user._id, owner.user._id]],
    ])
    expect((await add(owner, (await send(owner, generalId))._id, ':party_parrot:')).status).toBe(400)
  })

  it('takes only the admin’s own public image upload; a bad shortcode is a 400 on shortcode', async () => {
    const { people, channelId, generalId } = await team('Owner', 'Bao')
    const [owner, bao] = people as [Person, Person]
    const baoImage = await emojiImage(bao)
    const notMine = await owner.api('POST', 'emoji/create', { channel_id: channelId, shortcode: 'x_x', media_id: baoImage })
    expect(notMine.status).toBe(400)
    expect(Object.keys(notMine.body.errors)).toEqual(['media_id'])
    const privateUpload = await upload(chat.server, owner, { bytes: await pngBytes(), name: 'p.png', topicId: generalId })
    const priv = await owner.api('POST', 'emoji/create', {
      channel_id: channelId,
      shortcode: 'x_x',
      media_id: privateUpload.body.result._id,
    })
    expect(priv.status).toBe(400)
    for (const shortcode of ['a', 'has space', 'émoji', 'x'.repeat(33)]) {
      const res = await owner.api('POST', 'emoji/create', { channel_id: channelId, shortcode, media_id: await emojiImage(owner) })
      expect(res.status, shortcode).toBe(400)
      expect(Object.keys(res.body.errors), shortcode).toEqual(['shortcode'])
    }
    // A 1:1 chat has none.
    const dm = (await owner.api('GET', `topic/chat-friend?customer_id=${bao.user._id}`)).body.result._id as string
    expect((await owner.api('GET', `emoji/custom?topic_id=${dm}`)).body.result).toEqual([])
  })
})
