import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { messageEdits } from '../../server/db/schema'
import { chatServer, clientId, type Person } from './chat-fixtures'

/**
 * Edit history (message/edit keeps the text it replaces, message/history answers them): every
 * version in order with the times the server's clock gave them, for whoever can read the message;
 * a deleted message's earlier texts go with it. The texts and times are written out here.
 */
const chat = chatServer()

interface Version {
  type: string
  message: string
  written_at: string
  replaced_at: string | null
}
const iso = (ms: number) => new Date(ms).toISOString()

async function send(who: Person, topicId: string, message: string) {
  const res = await who.api('POST', 'message/send', { client_id: clientId(), topic_id: topicId, message })
  expect(res.status).toBe(200)
  return res.body.result as { _id: string; created_at: string }
}
const edit = (who: Person, messageId: string, message: string) => who.api('PUT', 'message/edit', { message_id: messageId, message })
const history = (who: Person, messageId: string) => who.api('GET', `message/history?message_id=${messageId}`)

describe('message/history', () => {
  it('keeps every earlier text, oldest first, each with when it was written and when it was replaced; the current text last', async () => {
    const { people, generalId } = await chat.team('Ann', 'Bao')
    const [ann, bao] = people as [Person, Person]
    const sent = await send(ann, generalId, 'Meet at 10')
    const sentAt = Date.parse(sent.created_at)

    // Never edited: its one text.
    const untouched = await history(bao, sent._id)
    expect(untouched.status).toBe(200)
    expect((untouched.body.result as Version[]).map((v) => [v.message, v.replaced_at])).toEqual([['Meet at 10', null]])

    const edited = [await edit(ann, sent._id, 'Meet at 11'), await edit(ann, sent._id, 'Meet at 11:30 in room B')]
    expect(edited.map((r) => r.status)).toEqual([200, 200])

    const res = await history(bao, sent._id)
    expect(res.status).toBe(200)
    const versions = res.body.result as Version[]
    expect(versions.map((v) => v.message)).toEqual(['Meet at 10', 'Meet at 11', 'Meet at 11:30 in room B'])
    expect(versions.map((v) => v.type)).toEqual(['text', 'text', 'text'])
    // Written by the send, then by each edit, each replaced by the next: the times the answers gave.
    expect(versions.map((v) => [v.written_at, v.replaced_at])).toEqual([
      [iso(sentAt), edited[0]!.body.result.edited_at],
      [edited[0]!.body.result.edited_at, edited[1]!.body.result.edited_at],
      [edited[1]!.body.result.edited_at, null],
    ])
  })

  it('is for whoever can read the message: its topic’s members; a stranger 403, an unknown id 404', async () => {
    const { people, generalId } = await chat.team('Cam', 'Dan')
    const [cam, dan] = people as [Person, Person]
    const stranger = (await chat.team('Eve')).people[0]!
    const sent = await send(dan, generalId, 'draft one')
    await edit(dan, sent._id, 'draft two')
    expect((await history(cam, sent._id)).body.result.map((v: Version) => v.message)).toEqual(['draft one', 'draft two'])
    expect((await history(stranger, sent._id)).status).toBe(403)
    expect((await history(cam, crypto.randomUUID())).status).toBe(404)
    expect((await history(cam, '')).status).toBe(400)
    // Only the sender edits; a refused edit adds nothing.
    expect((await edit(cam, sent._id, 'not mine')).status).toBe(403)
    expect((await history(dan, sent._id)).body.result).toHaveLength(2)
  })

  it('an edit to the same text adds no version', async () => {
    const { people, generalId } = await chat.team('Fay')
    const [fay] = people as [Person]
    const sent = await send(fay, generalId, 'same')
    await edit(fay, sent._id, 'same')
    expect((await history(fay, sent._id)).body.result.map((v: Version) => v.message)).toEqual(['same'])
  })

  it('deleting a message deletes its earlier texts too', async () => {
    const { people, generalId } = await chat.team('Gil', 'Hal')
    const [gil, hal] = people as [Person, Person]
    const sent = await send(gil, generalId, 'secret v1')
    await edit(gil, sent._id, 'secret v2')
    await edit(gil, sent._id, 'v3')
    expect(await chat.server.ctx.db.select().from(messageEdits).where(eq(messageEdits.messageId, sent._id))).toHaveLength(2)
    expect((await gil.api('DELETE', 'message/delete', { message_id: sent._id })).status).toBe(200)
    expect(await chat.server.ctx.db.select().from(messageEdits).where(eq(messageEdits.messageId, sent._id))).toEqual([])
    const res = await history(hal, sent._id)
    expect([res.status, res.body.result]).toEqual([200, []])
  })
})
