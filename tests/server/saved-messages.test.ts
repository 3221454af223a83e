import { describe, expect, it } from 'vitest'
import { chatServer, clientId, type Person } from './chat-fixtures'

/**
 * Saved messages (saved/*): each person's own list, newest saved first, 20 a page; saving needs
 * read access to the message; saving twice keeps one row; a saved message its reader can no longer
 * read (left the chat, deleted for everyone) stays listed as unavailable (message null) until removed.
 */
const chat = chatServer()

const send = async (who: Person, topicId: string, text: string) => {
  const res = await who.api('POST', 'message/send', { client_id: clientId(), topic_id: topicId, message: text })
  expect(res.status).toBe(200)
  return res.body.result as { _id: string; seq: number }
}
const list = async (who: Person, page = 1) => {
  const res = await who.api('GET', `saved/list?page=${page}`)
  expect(res.status).toBe(200)
  return res.body.result as { message_id: string; topic_id: string; topic_name: string; message: { message: string; seq: number } | null }[]
}

describe('saved messages', () => {
  it('saves once, lists newest saved first with the chat and seq, removes; only the saver sees them', async () => {
    const { people, generalId } = await chat.team('Ann', 'Bao')
    const [ann, bao] = people as [Person, Person]
    const first = await send(bao, generalId, 'The plan for Monday')
    const second = await send(ann, generalId, 'Lunch at noon')

    for (const id of [first._id, first._id, second._id]) {
      const saved = await ann.api('POST', 'saved/add', { message_id: id })
      expect(saved.status).toBe(200)
      expect(saved.body.result).toEqual({ message_id: id, saved: true })
      chat.clock.advance(1000)
    }
    const mine = await list(ann)
    expect(mine.map((item) => [item.message_id, item.message?.message, item.message?.seq, item.topic_id, item.topic_name])).toEqual([
      [second._id, 'Lunch at noon', second.seq, generalId, 'General'],
      [first._id, 'The plan for Monday', first.seq, generalId, 'General'],
    ])
    expect(await list(bao)).toEqual([])
    const inTopic = await ann.api('GET', `saved/in-topic?topic_id=${generalId}`)
    expect([...(inTopic.body.result as string[])].sort()).toEqual([first._id, second._id].sort())

    const removed = await ann.api('POST', 'saved/remove', { message_id: first._id })
    expect(removed.body.result).toEqual({ message_id: first._id, saved: false })
    // Removing again changes nothing.
    expect((await ann.api('POST', 'saved/remove', { message_id: first._id })).body.result).toEqual({ message_id: first._id, saved: false })
    expect((await list(ann)).map((item) => item.message_id)).toEqual([second._id])
  })

  it('saving needs read access: an unknown message 404, a chat the caller is not in 403, a deleted message 404', async () => {
    const { people, generalId } = await chat.team('Chi', 'Dan')
    const [chi, dan] = people as [Person, Person]
    const { people: outsiders } = await chat.team('Eve')
    const [eve] = outsiders as [Person]
    const message = await send(chi, generalId, 'Private to the team')
    expect((await eve.api('POST', 'saved/add', { message_id: message._id })).status).toBe(403)
    expect((await eve.api('POST', 'saved/add', { message_id: crypto.randomUUID() })).status).toBe(404)
    expect((await eve.api('GET', `saved/in-topic?topic_id=${generalId}`)).status).toBe(403)
    expect((await chi.api('DELETE', 'message/delete', { message_id: message._id })).status).toBe(200)
    expect((await dan.api('POST', 'saved/add', { message_id: message._id })).status).toBe(404)
    expect(await list(eve)).toEqual([])
    const bad = await chi.api('POST', 'saved/add', { message_id: '' })
    expect(bad.status).toBe(400)
    expect(Object.keys(bad.body.errors)).toEqual(['message_id'])
  })

  it('a saved message its reader can no longer read stays listed as unavailable until removed', async () => {
    const { people, channelId, generalId } = await chat.team('Gia', 'Hai')
    const [gia, hai] = people as [Person, Person]
    const kept = await send(gia, generalId, 'Keep this')
    const deleted = await send(gia, generalId, 'Then deleted')
    expect((await hai.api('POST', 'saved/add', { message_id: kept._id })).status).toBe(200)
    chat.clock.advance(1000)
    expect((await hai.api('POST', 'saved/add', { message_id: deleted._id })).status).toBe(200)

    expect((await gia.api('DELETE', 'message/delete', { message_id: deleted._id })).status).toBe(200)
    let items = await list(hai)
    expect(items.map((item) => [item.message_id, item.message?.message ?? null])).toEqual([
      [deleted._id, null],
      [kept._id, 'Keep this'],
    ])

    // Hai leaves the channel (and its chats): the message is still there, but not for Hai.
    expect((await hai.api('POST', 'channel/leave', { channel_id: channelId })).status).toBe(200)
    items = await list(hai)
    expect(items.map((item) => [item.message_id, item.message, item.topic_name])).toEqual([
      [deleted._id, null, ''],
      [kept._id, null, ''],
    ])
    expect((await hai.api('POST', 'saved/remove', { message_id: kept._id })).status).toBe(200)
    expect((await list(hai)).map((item) => item.message_id)).toEqual([deleted._id])
  })

  it('pages by 20, newest saved first', async () => {
    const { people, generalId } = await chat.team('Ivy')
    const [ivy] = people as [Person]
    const ids: string[] = []
    for (let i = 0; i < 23; i++) {
      const m = await send(ivy, generalId, `Note ${i}`)
      ids.push(m._id)
      expect((await ivy.api('POST', 'saved/add', { message_id: m._id })).status).toBe(200)
      chat.clock.advance(1000)
    }
    const newestFirst = [...ids].reverse()
    expect((await list(ivy, 1)).map((item) => item.message_id)).toEqual(newestFirst.slice(0, 20))
    expect((await list(ivy, 2)).map((item) => item.message_id)).toEqual(newestFirst.slice(20))
  })
})
