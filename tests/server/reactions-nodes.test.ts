import type { Socket } from 'socket.io-client'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { channelWith, clientId, type Person, person, socketOf } from './chat-fixtures'
import { call, DATABASE_URL, nextEvent, REDIS_URL, startTestServer, type TestServer } from './harness'

interface Reacted {
  message_id: string
  reactions: { emoji: string; count: number; user_ids: string[] }[]
}

/**
 * Reactions on two nodes sharing one PostgreSQL and one Redis: a reaction through node 1 reaches a
 * reader's socket on node 2 live (MESSAGE_REACTED through the Redis adapter), and six people racing
 * through both nodes to add different emoji to a message at 47 leave it at exactly 50.
 */
describe.runIf(DATABASE_URL && REDIS_URL)('reactions on two nodes (PostgreSQL + Redis)', () => {
  let one: TestServer
  let two: TestServer
  const open: Socket[] = []

  beforeAll(async () => {
    one = await startTestServer()
    two = await startTestServer()
  })
  afterAll(async () => {
    for (const s of open) s.disconnect()
    await Promise.all([one?.stop(), two?.stop()])
  })

  const on = async (node: TestServer, who: Person) => {
    const socket = await socketOf(node.url, who)
    open.push(socket)
    return socket
  }
  /** `who` calling through node 2. */
  const viaTwo = (who: Person): Person => ({
    ...who,
    api: (method, url, body) => call(two.url, method, `/api/${url}`, { token: who.access_token, body }),
  })

  it('a reaction on node 1 reaches a reader on node 2 live; racing adds through both nodes stop at 50 different emoji', async () => {
    const people = await Promise.all(['Ann', 'Bao', 'Chi', 'Dung', 'Em', 'Gia'].map((n) => person(one.url, n)))
    const [ann, bao] = people as [Person, Person]
    const { generalId } = await channelWith(ann, people.slice(1))
    const sent = await ann.api('POST', 'message/send', { client_id: clientId(), topic_id: generalId, message: 'hello' })
    const messageId = sent.body.result._id as string

    const baoOnTwo = await on(two, bao)
    const told = nextEvent<Reacted>(baoOnTwo, 'MESSAGE_REACTED')
    expect((await ann.api('POST', 'reaction/add', { message_id: messageId, emoji: '👍' })).status).toBe(200)
    expect(await told).toMatchObject({ message_id: messageId, reactions: [{ emoji: '👍', count: 1, user_ids: [ann.user._id] }] })

    const many = [...'😀😃😄😁😆😅🤣😂🙂🙃😉😊😇🥰😍🤩😘😗😚😙😋😛😜🤪😝🤑🤗🤭🤫🤔🤐🤨😐😑😶😏😒🙄😬🤥😌😔😪🤤😴😷']
    expect(many).toHaveLength(46)
    for (const emoji of many) expect((await ann.api('POST', 'reaction/add', { message_id: messageId, emoji })).status).toBe(200)
    const racers = ['🥵', '🥶', '🥴', '😵', '🤯', '🤠']
    const answers = await Promise.all(
      people.map((p, i) => (i % 2 ? viaTwo(p) : p).api('POST', 'reaction/add', { message_id: messageId, emoji: racers[i] })),
    )
    expect(answers.filter((a) => a.status === 200)).toHaveLength(3)
    expect(answers.filter((a) => a.status === 400)).toHaveLength(3)
    const page = await viaTwo(bao).api('GET', `topic/messages?topic_id=${generalId}&page=1`)
    expect(page.body.result.find((m: { _id: string }) => m._id === messageId).reactions).toHaveLength(50)
  })
})
