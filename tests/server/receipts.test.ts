import { describe, expect, it } from 'vitest'
import { chatServer, clientId, type Person } from './chat-fixtures'
import { nextEvent, silence } from './harness'

interface Receipts {
  topic_id: string
  mode: 'on' | 'off_mine' | 'too_big'
  readers: { user_id: string; name: string; seq: number }[]
}
interface Receipt {
  topic_id: string
  user_id: string
  seq: number
}

/**
 * Read receipts: how far each other member of a chat has read (topic_members.last_seen_seq, moved by
 * channel/seen), in 1:1 chats and groups of up to 20; live as RECEIPT (the first at once, then at
 * most one per 2 s with the latest position); someone who turns theirs off is neither shown to
 * others nor shown anyone's, and the server sends neither.
 */
const chat = chatServer()
const { clock } = chat

const receiptsOf = async (who: Person, topicId: string) => {
  const res = await who.api('GET', `receipts?topic_id=${topicId}`)
  expect(res.status).toBe(200)
  return res.body.result as Receipts
}
const send = async (who: Person, topicId: string, text: string) => {
  const res = await who.api('POST', 'message/send', { client_id: clientId(), topic_id: topicId, message: text })
  expect(res.status).toBe(200)
  return res.body.result as { seq: number }
}
const read = async (who: Person, topicId: string) =>
  expect((await who.api('PUT', 'channel/seen', { topic_id: topicId, is_seen: 1 })).status).toBe(200)
const receiptsSwitch = async (who: Person, on: 0 | 1) =>
  expect((await who.api('PUT', 'customer/update-profile', { read_receipts: on })).status).toBe(200)

async function oneToOne() {
  const { people } = await chat.team('Ann', 'Bao')
  const [ann, bao] = people as [Person, Person]
  const topicId = (await ann.api('GET', `topic/chat-friend?customer_id=${bao.user._id}`)).body.result._id as string
  return { ann, bao, topicId }
}

describe('read receipts', () => {
  it('a 1:1 chat: Bao reads Ann’s message, Ann sees it at once and again after a reload', async () => {
    const { ann, bao, topicId } = await oneToOne()
    const annSocket = await chat.socket(ann)
    const sent = await send(ann, topicId, 'Lunch?')
    expect((await receiptsOf(ann, topicId)).readers.find((r) => r.user_id === bao.user._id)?.seq ?? 0).toBeLessThan(sent.seq)
    const live = nextEvent<Receipt>(annSocket, 'RECEIPT')
    await read(bao, topicId)
    expect(await live).toEqual({ topic_id: topicId, user_id: bao.user._id, seq: sent.seq })
    expect(await receiptsOf(ann, topicId)).toEqual({
      topic_id: topicId,
      mode: 'on',
      readers: [{ user_id: bao.user._id, name: 'Bao', photo_url: null, seq: sent.seq }],
    })
  })

  it('live receipts are throttled: the first at once, the latest position 2 s later, nothing between', async () => {
    const { ann, bao, topicId } = await oneToOne()
    const annSocket = await chat.socket(ann)
    await send(ann, topicId, 'one')
    const first = nextEvent<Receipt>(annSocket, 'RECEIPT')
    await read(bao, topicId)
    await first
    const second = await send(ann, topicId, 'two')
    await read(bao, topicId)
    const third = await send(ann, topicId, 'three')
    await read(bao, topicId)
    expect(await silence(annSocket, 'RECEIPT')).toBe(true)
    const latest = nextEvent<Receipt>(annSocket, 'RECEIPT')
    clock.advance(2_000)
    expect((await latest).seq).toBe(third.seq)
    expect(third.seq).toBeGreaterThan(second.seq)
    expect(await silence(annSocket, 'RECEIPT')).toBe(true)
  })

  it('turned off both ways: Bao’s off hides his position from Ann and Ann’s from him; Ann’s off hides all from her', async () => {
    const { ann, bao, topicId } = await oneToOne()
    const [annSocket, baoSocket] = await Promise.all([chat.socket(ann), chat.socket(bao)])
    await send(ann, topicId, 'Seen?')
    // Ann's open chat hears the switch (the chat's room), and so do Bao's own tabs.
    const annHears = nextEvent<{ user_id: string }>(annSocket, 'RECEIPTS_CHANGED')
    const baoHears = nextEvent<{ user_id: string }>(baoSocket, 'RECEIPTS_CHANGED')
    await receiptsSwitch(bao, 0)
    expect(await annHears).toEqual({ user_id: bao.user._id })
    expect(await baoHears).toEqual({ user_id: bao.user._id })
    await read(bao, topicId)
    expect(await silence(annSocket, 'RECEIPT')).toBe(true)
    expect((await receiptsOf(ann, topicId)).readers).toEqual([])
    expect(await receiptsOf(bao, topicId)).toEqual({ topic_id: topicId, mode: 'off_mine', readers: [] })
    await send(bao, topicId, 'reply')
    clock.advance(5_000)
    await read(ann, topicId)
    expect(await silence(baoSocket, 'RECEIPT')).toBe(true)

    await receiptsSwitch(bao, 1)
    await receiptsSwitch(ann, 0)
    expect((await receiptsOf(ann, topicId)).mode).toBe('off_mine')
    await send(ann, topicId, 'again')
    clock.advance(5_000)
    await read(bao, topicId)
    expect(await silence(annSocket, 'RECEIPT')).toBe(true)
    expect((await receiptsOf(bao, topicId)).readers).toEqual([])
  })

  it('a group of up to 20 shows each member’s position; over 20 shows none and sends none', async () => {
    const small = await chat.team('Owner', 'Mai', 'Nam')
    const [owner, mai, nam] = small.people as [Person, Person, Person]
    const sent = await send(owner, small.generalId, 'Hello team')
    await read(mai, small.generalId)
    const readers = (await receiptsOf(owner, small.generalId)).readers
    expect(readers.map((r) => r.user_id).sort()).toEqual([mai.user._id, nam.user._id].sort())
    expect(readers.find((r) => r.user_id === mai.user._id)!.seq).toBe(sent.seq)
    expect(readers.find((r) => r.user_id === nam.user._id)!.seq).toBeLessThan(sent.seq)

    const big = await chat.team(...Array.from({ length: 21 }, (_, i) => `P${i}`))
    const [bigOwner, reader] = big.people as [Person, Person]
    const ownerSocket = await chat.socket(bigOwner)
    await send(bigOwner, big.generalId, 'Hello all')
    await read(reader, big.generalId)
    expect(await silence(ownerSocket, 'RECEIPT')).toBe(true)
    expect(await receiptsOf(bigOwner, big.generalId)).toEqual({ topic_id: big.generalId, mode: 'too_big', readers: [] })
  })

  it('only the chat’s members may ask (403), an unknown chat is 404', async () => {
    const { topicId } = await oneToOne()
    const { people } = await chat.team('Outsider')
    expect((await people[0]!.api('GET', `receipts?topic_id=${topicId}`)).status).toBe(403)
    expect((await people[0]!.api('GET', `receipts?topic_id=${crypto.randomUUID()}`)).status).toBe(404)
  })
})
