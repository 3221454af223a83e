import { createHash } from 'node:crypto'
import { eq } from 'drizzle-orm'
import type { Socket } from 'socket.io-client'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { CALL_EMPTY_MS, CALL_RING_MS, type Call, parseCallSummary, type RoomJoinAck, SERVER_MESSAGES } from '../../contract'
import { callMembers, calls, topics } from '../../server/db/schema'
import { iceServersFromEnv } from '../../server/env-options'
import { ROOM_EVENTS_PER_SECOND } from '../../server/modules/call'
import type { Sfu } from '../../server/sfu/sfu'
import { FakeClock } from './call-clock'
import { channelWith, clientId, type Person, person, socketOf } from './chat-fixtures'
import { nextEvent, silence, startTestServer, type TestServer } from './harness'

/**
 * The server side of calls (issue 24): the statechart ringing -> answered | declined | cancelled |
 * missed, answered -> ended, on a fake clock (the 60 s ring never waits for real time); who may do
 * each; the privacy, block, admin-only and attention rules; the ring on every socket of a callee;
 * the rooms' signalling among participants only; TURN credentials from a shared secret.
 */
const clock = new FakeClock()
const TURN_SECRET = 'coturn-static-auth-secret'
let server: TestServer
const open: Socket[] = []

beforeAll(async () => {
  server = await startTestServer({
    now: clock.now,
    setTimer: clock.setTimer,
    iceServers: [{ urls: 'stun:stun.example.test:3478' }, { urls: ['turn:turn.example.test:3478?transport=udp'], secret: TURN_SECRET }],
    iceCredentialTtlSeconds: 3600,
  })
})
afterAll(async () => {
  for (const s of open) s.disconnect()
  await server?.stop()
})

const callId = () => `c-${clientId()}`

async function sockets(who: Person, n = 1): Promise<Socket[]> {
  const made = await Promise.all(Array.from({ length: n }, () => socketOf(server.url, who)))
  open.push(...made)
  return made
}

async function dmOf(a: Person, b: Person): Promise<string> {
  const res = await a.api('GET', `topic/chat-friend?customer_id=${b.user._id}`)
  expect(res.status).toBe(200)
  return res.body.result._id
}

/** A and B in a 1:1 chat, B with two sockets (two tabs) and A with one. */
async function pair() {
  const [a, b] = await Promise.all([person(server.url, 'Alice'), person(server.url, 'Bob')])
  const topicId = await dmOf(a, b)
  const [[aSocket], bSockets] = await Promise.all([sockets(a), sockets(b, 2)])
  return { a, b, topicId, aSocket: aSocket!, bSockets }
}

async function ringB(a: Person, b: Person, bSockets: Socket[], video = false): Promise<Call> {
  const rings = bSockets.map((s) => nextEvent<{ call: Call; topic_name: string }>(s, 'NEW_REQUEST_CALL'))
  const res = await a.api('POST', 'call/customer', { customer_id: b.user._id, is_video: video, call_id: callId() })
  expect(res.status).toBe(200)
  const call = res.body.result.call as Call
  for (const ring of await Promise.all(rings)) expect(ring).toEqual({ call, topic_name: 'Alice' })
  return call
}

async function callMessages(who: Person, topicId: string) {
  const res = await who.api('GET', `topic/messages?topic_id=${topicId}&page=1`)
  expect(res.status).toBe(200)
  return (res.body.result as { type: string; message: string; sender: { _id: string } | null }[]).filter((m) => m.type === 'call')
}

async function inCall(topicId: string): Promise<boolean> {
  const [row] = await server.ctx.db.select({ inCall: topics.inCall }).from(topics).where(eq(topics.id, topicId))
  return row!.inCall === 1
}

function join(socket: Socket, roomId: string, extra: Record<string, unknown> = {}): Promise<RoomJoinAck> {
  return socket.emitWithAck('ROOM_JOIN', { room_id: roomId, audio: true, video: false, ...extra })
}

describe('starting a call', () => {
  it('rings every socket of the callee, answers the call ringing, shows it in the topic; a retried call_id answers the same call', async () => {
    const { a, b, topicId, aSocket, bSockets } = await pair()
    const quietCaller = silence(aSocket, 'NEW_REQUEST_CALL')
    const rings = bSockets.map((s) => nextEvent<{ call: Call }>(s, 'NEW_REQUEST_CALL'))
    const body = { customer_id: b.user._id, is_video: true, call_id: callId() }
    const res = await a.api('POST', 'call/customer', body)
    expect(res.status).toBe(200)
    const { call, held } = res.body.result
    expect(held).toEqual([])
    expect(call).toMatchObject({
      topic_id: topicId,
      is_video: true,
      status: 'ringing',
      topology: 'p2p',
      caller: { _id: a.user._id, name: 'Alice' },
      answered_at: null,
      ended_at: null,
    })
    expect(call.uuid).not.toBe(call._id)
    for (const ring of await Promise.all(rings)) expect(ring.call._id).toBe(call._id)
    expect(await quietCaller).toBe(true)
    expect(await inCall(topicId)).toBe(true)

    // The same call_id again (a retry after a lost answer), by person or by topic: the same call, no second ring.
    const quiet = silence(bSockets[0]!, 'NEW_REQUEST_CALL')
    const again = await a.api('POST', 'call/customer', body)
    expect(again.body.result.call._id).toBe(call._id)
    const byTopic = await a.api('POST', 'call/topic', { topic_id: topicId, is_video: true, call_id: body.call_id })
    expect(byTopic.body.result.call._id).toBe(call._id)
    expect(await quiet).toBe(true)
    expect(await server.ctx.db.select().from(calls).where(eq(calls.clientCallId, body.call_id))).toHaveLength(1)
    // The same call_id for another topic is no retry.
    const elsewhere = await a.api('POST', 'call/topic', {
      topic_id: (await channelWith(a, [b])).generalId,
      is_video: true,
      call_id: body.call_id,
    })
    expect(elsewhere.status).toBe(400)
    expect((await a.api('POST', 'call/cancel', { call_id: call._id })).status).toBe(200)
  })

  it('call/customer by 1:1 topic; a group topic is refused there, and calling oneself is refused', async () => {
    const { a, b, topicId, bSockets } = await pair()
    const rings = nextEvent<{ call: Call }>(bSockets[0]!, 'NEW_REQUEST_CALL')
    const res = await a.api('POST', 'call/customer', { topic_id: topicId, is_video: false, call_id: callId() })
    expect(res.status).toBe(200)
    expect((await rings).call._id).toBe(res.body.result.call._id)
    const { generalId } = await channelWith(a, [b])
    expect((await a.api('POST', 'call/customer', { topic_id: generalId, is_video: false, call_id: callId() })).status).toBe(400)
    expect((await a.api('POST', 'call/customer', { customer_id: a.user._id, is_video: false, call_id: callId() })).status).toBe(400)
    expect((await a.api('POST', 'call/customer', { is_video: false, call_id: callId() })).status).toBe(400)
  })

  it('a stranger may not ring in a topic they are not in (403); an unknown topic is 404', async () => {
    const { topicId } = await pair()
    const stranger = await person(server.url, 'Stranger')
    expect((await stranger.api('POST', 'call/topic', { topic_id: topicId, is_video: false, call_id: callId() })).status).toBe(403)
    expect((await stranger.api('POST', 'call/topic', { topic_id: crypto.randomUUID(), is_video: false, call_id: callId() })).status).toBe(
      404,
    )
  })
})

describe('the statechart and who may move it', () => {
  it('answer: only a callee; every tab of the callee stops ringing, the caller hears who answered; answering again changes nothing', async () => {
    const { a, b, aSocket, bSockets } = await pair()
    const call = await ringB(a, b, bSockets)
    expect((await a.api('POST', 'call/answer', { call_id: call._id })).status).toBe(403)
    const stranger = await person(server.url, 'Stranger')
    expect((await stranger.api('POST', 'call/answer', { call_id: call._id })).status).toBe(403)
    expect((await b.api('POST', 'call/answer', { call_id: 'no-such-call' })).status).toBe(404)

    const heard = nextEvent(aSocket, 'RESPONSE_CALL')
    const closed = bSockets.map((s) => nextEvent(s, 'CLOSE_POPUP_CALL'))
    const res = await b.api('POST', 'call/answer', { call_id: call._id })
    expect(res.status).toBe(200)
    expect(res.body.result).toMatchObject({ status: 200, _id: call._id, call: { status: 'answered' } })
    expect(res.body.result.call.answered_at).toBe(new Date(clock.now()).toISOString())
    expect(await heard).toEqual({ call_id: call._id, status: 'answered', by: b.user._id })
    for (const c of await Promise.all(closed)) expect(c).toEqual({ call_id: call._id })

    expect((await b.api('POST', 'call/answer', { call_id: call._id })).status).toBe(200)
    expect((await b.api('POST', 'call/decline', { call_id: call._id })).status).toBe(409)
    expect((await a.api('POST', 'call/cancel', { call_id: call._id })).status).toBe(409)
    const detail = await b.api('GET', `call/detail?call_id=${call._id}`)
    expect(detail.body.result.status).toBe('answered')
    expect((await stranger.api('GET', `call/detail?call_id=${call._id}`)).status).toBe(403)
    // Nobody ever sat in its room (both connections gone): a minute on, a sweep ends it.
    clock.advance(CALL_EMPTY_MS)
    const ended = nextEvent(aSocket, 'RESPONSE_CALL')
    await server.services.call.sweep()
    expect(await ended).toEqual({ call_id: call._id, status: 'ended', by: null })
  })

  it('decline: only a callee; the caller hears it, the summary says declined, the topic no longer shows a call', async () => {
    const { a, b, topicId, aSocket, bSockets } = await pair()
    const call = await ringB(a, b, bSockets)
    expect((await a.api('POST', 'call/decline', { call_id: call._id })).status).toBe(403)
    const heard = nextEvent(aSocket, 'RESPONSE_CALL')
    const closed = nextEvent(bSockets[1]!, 'CLOSE_POPUP_CALL')
    const summary = nextEvent<{ message: { type: string; message: string } }>(aSocket, 'NEW_MESSAGE')
    const res = await b.api('POST', 'call/decline', { call_id: call._id })
    expect(res.status).toBe(200)
    expect(res.body.result.status).toBe('declined')
    expect(await heard).toEqual({ call_id: call._id, status: 'declined', by: b.user._id })
    expect(await closed).toEqual({ call_id: call._id })
    const posted = (await summary).message
    expect(posted.type).toBe('call')
    expect(parseCallSummary(posted.message)).toEqual({ call_id: call._id, status: 'declined', is_video: false, duration_s: null })
    expect(await inCall(topicId)).toBe(false)
    expect((await b.api('POST', 'call/answer', { call_id: call._id })).status).toBe(409)
  })

  it('cancel: only the caller; every callee tab stops ringing; the summary says cancelled', async () => {
    const { a, b, topicId, bSockets } = await pair()
    const call = await ringB(a, b, bSockets)
    expect((await b.api('POST', 'call/cancel', { call_id: call._id })).status).toBe(403)
    const heard = bSockets.map((s) => nextEvent(s, 'RESPONSE_CALL'))
    const closed = bSockets.map((s) => nextEvent(s, 'CLOSE_POPUP_CALL'))
    const res = await a.api('POST', 'call/cancel', { call_id: call._id })
    expect(res.body.result.status).toBe('cancelled')
    for (const h of await Promise.all(heard)) expect(h).toEqual({ call_id: call._id, status: 'cancelled', by: a.user._id })
    await Promise.all(closed)
    expect((await a.api('POST', 'call/cancel', { call_id: call._id })).status).toBe(200)
    const summaries = await callMessages(b, topicId)
    expect(summaries.map((m) => parseCallSummary(m.message)?.status)).toEqual(['cancelled'])
    expect(summaries[0]!.sender?._id).toBe(a.user._id)
  })

  it('the server ends a ring nobody answers as missed after 60 s, once: RESPONSE_CALL, one summary, one missed-call notification', async () => {
    const { a, b, topicId, aSocket, bSockets } = await pair()
    const call = await ringB(a, b, bSockets, true)
    const quiet = silence(aSocket, 'RESPONSE_CALL', 50)
    clock.advance(CALL_RING_MS - 1)
    await server.services.call.settled()
    expect(await quiet).toBe(true)
    const heard = nextEvent(aSocket, 'RESPONSE_CALL')
    const closed = bSockets.map((s) => nextEvent(s, 'CLOSE_POPUP_CALL'))
    const notified = nextEvent<{ notify_message_json: { key: string } }>(bSockets[0]!, 'data')
    clock.advance(1)
    await server.services.call.settled()
    expect(await heard).toEqual({ call_id: call._id, status: 'missed', by: null })
    await Promise.all(closed)
    expect((await notified).notify_message_json.key).toBe('missed_call')
    // Every node's sweep, and the clients' own call/miss, find it over: nothing happens twice.
    expect((await server.services.call.sweep()).missed).toBe(0)
    expect((await a.api('POST', 'call/miss', { call_id: call._id })).body.result.status).toBe('missed')
    expect((await callMessages(a, topicId)).map((m) => parseCallSummary(m.message))).toEqual([
      { call_id: call._id, status: 'missed', is_video: true, duration_s: null },
    ])
    const inbox = (await b.api('GET', 'notify?page=1')).body.result as { notify_message_json: { key: string }; object_id: string }[]
    expect(inbox.filter((n) => n.notify_message_json?.key === 'missed_call')).toMatchObject([{ object_id: topicId }])
    expect((await a.api('GET', 'notify?page=1')).body.result).toHaveLength(0)
    expect(await inCall(topicId)).toBe(false)
  })

  it('a ring whose node went away is missed by the sweep of any node, once', async () => {
    const { a, b, aSocket, bSockets } = await pair()
    const call = await ringB(a, b, bSockets)
    // This node stops (its ring timers with it): another node's sweep ends the ring.
    server.services.call.close()
    clock.advance(CALL_RING_MS + 5_000)
    const heard = nextEvent(aSocket, 'RESPONSE_CALL')
    const sweeps = await Promise.all([server.services.call.sweep(), server.services.call.sweep()])
    expect(sweeps.reduce((n, s) => n + s.missed, 0)).toBe(1)
    expect(await heard).toEqual({ call_id: call._id, status: 'missed', by: null })
    server.services.call.start()
    await server.services.call.settled()
  })

  it('call/miss from the caller or a callee ends the ring at once; a stranger may not', async () => {
    const { a, b, bSockets } = await pair()
    const call = await ringB(a, b, bSockets)
    const stranger = await person(server.url, 'Stranger')
    expect((await stranger.api('POST', 'call/miss', { call_id: call._id })).status).toBe(403)
    expect((await b.api('POST', 'call/miss', { call_id: call._id })).body.result.status).toBe('missed')
  })
})

describe('privacy, blocks, admin-only groups, do not disturb and mute', () => {
  it('only_friend_call refuses a stranger (403 friendsOnlyCall) and lets a friend ring', async () => {
    const [a, b] = await Promise.all([person(server.url, 'A'), person(server.url, 'B')])
    expect((await b.api('PUT', 'customer/update-profile', { only_friend_call: 1 })).status).toBe(200)
    const refused = await a.api('POST', 'call/customer', { customer_id: b.user._id, is_video: false, call_id: callId() })
    expect(refused.status).toBe(403)
    expect(refused.body.message).toBe(SERVER_MESSAGES.friendsOnlyCall.en)
    // The chat exists (B wrote first), still no call from a stranger by topic.
    const topicId = await dmOf(b, a)
    expect((await a.api('POST', 'call/topic', { topic_id: topicId, is_video: false, call_id: callId() })).status).toBe(403)
    expect((await a.api('POST', 'relates/add-friend', { customer_id: b.user._id })).status).toBe(200)
    expect((await b.api('POST', 'relates/accept-friend', { customer_id: a.user._id })).status).toBe(200)
    expect((await a.api('POST', 'call/customer', { customer_id: b.user._id, is_video: false, call_id: callId() })).status).toBe(200)
  })

  it('someone who blocked the caller cannot be called (403 blockedByPerson)', async () => {
    const [a, b] = await Promise.all([person(server.url, 'A'), person(server.url, 'B')])
    const topicId = await dmOf(a, b)
    expect((await b.api('POST', 'relates/block', { customer_id: a.user._id })).status).toBe(200)
    for (const res of [
      await a.api('POST', 'call/customer', { customer_id: b.user._id, is_video: false, call_id: callId() }),
      await a.api('POST', 'call/topic', { topic_id: topicId, is_video: false, call_id: callId() }),
    ]) {
      expect(res.status).toBe(403)
      expect(res.body.message).toBe(SERVER_MESSAGES.blockedByPerson.en)
    }
  })

  it('a group that lets only admins start calls refuses a member (403) and lets an admin ring everyone else', async () => {
    const [owner, member, other] = await Promise.all([
      person(server.url, 'Owner'),
      person(server.url, 'Member'),
      person(server.url, 'Other'),
    ])
    const { generalId } = await channelWith(owner, [member, other])
    expect((await member.api('POST', 'call/topic', { topic_id: generalId, is_video: false, call_id: callId() })).status).toBe(200)
    expect((await owner.api('PUT', 'topic/permission', { topic_id: generalId, permission: { call: 1 } })).status).toBe(200)
    expect((await member.api('POST', 'call/topic', { topic_id: generalId, is_video: false, call_id: callId() })).status).toBe(403)
    const [memberSocket] = await sockets(member)
    const rings = nextEvent<{ call: Call; topic_name: string }>(memberSocket!, 'NEW_REQUEST_CALL')
    const res = await owner.api('POST', 'call/topic', { topic_id: generalId, is_video: true, call_id: callId() })
    expect(res.status).toBe(200)
    expect(res.body.result.call.topology).toBe('sfu')
    expect((await rings).topic_name).toBe('General')
    // The first answer moves the call; a later callee of the group is let into the call that runs.
    const groupCall = res.body.result.call._id
    const answers = await Promise.all([
      member.api('POST', 'call/answer', { call_id: groupCall }),
      other.api('POST', 'call/answer', { call_id: groupCall }),
    ])
    expect(answers.map((r) => r.status)).toEqual([200, 200])
    expect(new Set(answers.map((r) => r.body.result.call.status))).toEqual(new Set(['answered']))
  })

  it('do not disturb and a mute hold the ring back (listed in held); when every callee is held no call starts (409)', async () => {
    const [a, dnd, muted, free] = await Promise.all(['A', 'Dnd', 'Muted', 'Free'].map((n) => person(server.url, n)))
    const { generalId } = await channelWith(a!, [dnd!, muted!, free!])
    expect((await dnd!.api('PUT', 'attention/dnd', { for: '1h' })).status).toBe(200)
    expect((await muted!.api('PUT', 'attention/topic', { topic_id: generalId, mute: '1h' })).status).toBe(200)
    const [[dndSocket], [mutedSocket], [freeSocket]] = await Promise.all([sockets(dnd!), sockets(muted!), sockets(free!)])
    const quiet = [silence(dndSocket!, 'NEW_REQUEST_CALL'), silence(mutedSocket!, 'NEW_REQUEST_CALL')]
    const rings = nextEvent(freeSocket!, 'NEW_REQUEST_CALL')
    const res = await a!.api('POST', 'call/topic', { topic_id: generalId, is_video: false, call_id: callId() })
    expect(res.status).toBe(200)
    expect([...res.body.result.held].sort((x: { name: string }, y: { name: string }) => x.name.localeCompare(y.name))).toEqual([
      { _id: dnd!.user._id, name: 'Dnd', reason: 'dnd' },
      { _id: muted!.user._id, name: 'Muted', reason: 'muted' },
    ])
    await rings
    expect(await Promise.all(quiet)).toEqual([true, true])

    const dm = await dmOf(a!, dnd!)
    const held = await a!.api('POST', 'call/topic', { topic_id: dm, is_video: false, call_id: callId() })
    expect(held.status).toBe(409)
    expect(held.body.message).toBe(SERVER_MESSAGES.callHeld.en)
  })
})

describe('the room of a call', () => {
  it('admits the caller while ringing and a callee once answered, relays signals only between participants, ends with the last one out', async () => {
    const { a, b, topicId, aSocket, bSockets } = await pair()
    const [bSocket] = bSockets
    const call = await ringB(a, b, bSockets, true)
    const room = call.uuid

    const callerIn = await join(aSocket, room)
    expect(callerIn).toMatchObject({
      ok: true,
      room_id: room,
      self: a.user._id,
      topology: 'p2p',
      kind: 'call',
      topic_id: topicId,
      title: 'Bob',
    })
    if (!callerIn.ok) throw new Error('caller refused')
    expect(callerIn.participants.map((p) => p._id)).toEqual([a.user._id])
    // A callee enters once answered; a stranger never; an unknown room is no room.
    expect(await join(bSocket!, room)).toMatchObject({ ok: false })
    const stranger = await person(server.url, 'Stranger')
    const [strangerSocket] = await sockets(stranger)
    expect(await join(strangerSocket!, room)).toEqual({ ok: false, message: SERVER_MESSAGES.permissionDenied.en })
    expect(await join(strangerSocket!, crypto.randomUUID())).toEqual({ ok: false, message: SERVER_MESSAGES.notFound.en })

    // Before B sits in the room, A's offer to B goes nowhere.
    const notYet = silence(bSocket!, 'ROOM_SIGNAL')
    aSocket.emit('ROOM_SIGNAL', { room_id: room, peer: b.user._id, description: { type: 'offer', sdp: 'v=0 early' } })
    expect(await notYet).toBe(true)

    expect((await b.api('POST', 'call/answer', { call_id: call._id })).status).toBe(200)
    const joined = nextEvent<{ participant: { _id: string; host: boolean } }>(aSocket, 'ROOM_PEER_JOINED')
    const calleeIn = await join(bSocket!, room)
    expect(calleeIn.ok).toBe(true)
    if (!calleeIn.ok) throw new Error('callee refused')
    expect(calleeIn.participants.map((p) => p._id).sort()).toEqual([a.user._id, b.user._id].sort())
    expect((await joined).participant).toMatchObject({ _id: b.user._id, host: false })

    // A description and a candidate reach the peer, named by the sender.
    const offer = nextEvent(bSocket!, 'ROOM_SIGNAL')
    aSocket.emit('ROOM_SIGNAL', { room_id: room, peer: b.user._id, description: { type: 'offer', sdp: 'v=0 offer' } })
    expect(await offer).toEqual({ room_id: room, peer: a.user._id, description: { type: 'offer', sdp: 'v=0 offer' } })
    const candidate = nextEvent(aSocket, 'ROOM_SIGNAL')
    bSocket!.emit('ROOM_SIGNAL', {
      room_id: room,
      peer: a.user._id,
      candidate: { candidate: 'candidate:1 1 udp 1 127.0.0.1 9 typ host', sdpMid: '0', sdpMLineIndex: 0 },
    })
    expect(await candidate).toEqual({
      room_id: room,
      peer: b.user._id,
      candidate: { candidate: 'candidate:1 1 udp 1 127.0.0.1 9 typ host', sdpMid: '0', sdpMLineIndex: 0 },
    })
    // B's other tab is not in the room: nothing reaches it, and its signals are dropped.
    const otherTab = silence(bSockets[1]!, 'ROOM_SIGNAL')
    const fromOtherTab = silence(aSocket, 'ROOM_SIGNAL')
    bSockets[1]!.emit('ROOM_SIGNAL', { room_id: room, peer: a.user._id, description: { type: 'answer', sdp: 'v=0 other tab' } })
    // A signal to someone not in the room (the stranger), and one from the stranger, are dropped.
    const strangerHears = silence(strangerSocket!, 'ROOM_SIGNAL')
    aSocket.emit('ROOM_SIGNAL', { room_id: room, peer: stranger.user._id, description: { type: 'offer', sdp: 'v=0 leak' } })
    strangerSocket!.emit('ROOM_SIGNAL', { room_id: room, peer: a.user._id, description: { type: 'offer', sdp: 'v=0 intrude' } })
    expect(await Promise.all([otherTab, fromOtherTab, strangerHears])).toEqual([true, true, true])

    // State goes to the room.
    const state = nextEvent(aSocket, 'ROOM_STATE')
    bSocket!.emit('ROOM_STATE', { room_id: room, audio: false, video: true, screen: true, speaking: true })
    expect(await state).toMatchObject({
      room_id: room,
      participant: { _id: b.user._id, audio: false, video: true, screen: true },
      speaking: true,
    })

    // B leaves: A hears it, and A's signals to B go nowhere any more.
    const left = nextEvent(aSocket, 'ROOM_PEER_LEFT')
    bSocket!.emit('ROOM_LEAVE', { room_id: room })
    expect(await left).toEqual({ room_id: room, participant_id: b.user._id })
    const afterLeave = silence(bSocket!, 'ROOM_SIGNAL')
    aSocket.emit('ROOM_SIGNAL', { room_id: room, peer: b.user._id, description: { type: 'offer', sdp: 'v=0 late' } })
    expect(await afterLeave).toBe(true)
    expect((await b.api('GET', `call/detail?call_id=${call._id}`)).body.result.status).toBe('answered')

    // The last one out ends it: 42 s after the answer.
    clock.advance(42_000)
    const over = nextEvent(bSocket!, 'RESPONSE_CALL')
    const out = await a.api('POST', 'call/out', { call_id: call._id })
    expect(out.body.result.status).toBe('ended')
    expect(await over).toEqual({ call_id: call._id, status: 'ended', by: a.user._id })
    expect((await callMessages(b, topicId)).map((m) => parseCallSummary(m.message))).toEqual([
      { call_id: call._id, status: 'ended', is_video: true, duration_s: 42 },
    ])
    expect(await join(aSocket, room)).toEqual({ ok: false, message: SERVER_MESSAGES.callOver.en })
  })

  it('a disconnect gives up the seat; the last one out ends the call', async () => {
    const { a, b, aSocket, bSockets } = await pair()
    const call = await ringB(a, b, bSockets)
    expect((await b.api('POST', 'call/answer', { call_id: call._id })).status).toBe(200)
    expect((await join(aSocket, call.uuid)).ok).toBe(true)
    const [bSocket] = bSockets
    expect((await join(bSocket!, call.uuid)).ok).toBe(true)
    const left = nextEvent(bSocket!, 'ROOM_PEER_LEFT')
    const over = nextEvent(bSocket!, 'RESPONSE_CALL')
    aSocket.disconnect()
    expect(await left).toEqual({ room_id: call.uuid, participant_id: a.user._id })
    bSocket!.emit('ROOM_LEAVE', { room_id: call.uuid })
    expect(await over).toMatchObject({ call_id: call._id, status: 'ended' })
  })

  it('entering again from another tab moves the seat: signals and state go to the new tab only', async () => {
    const { a, b, aSocket, bSockets } = await pair()
    const [firstTab, secondTab] = bSockets
    const call = await ringB(a, b, bSockets)
    expect((await b.api('POST', 'call/answer', { call_id: call._id })).status).toBe(200)
    expect((await join(aSocket, call.uuid)).ok).toBe(true)
    expect((await join(firstTab!, call.uuid)).ok).toBe(true)
    const again = await join(secondTab!, call.uuid)
    if (!again.ok) throw new Error('refused')
    expect(again.participants.map((p) => p._id).sort()).toEqual([a.user._id, b.user._id].sort())
    const quietFirst = [silence(firstTab!, 'ROOM_SIGNAL'), silence(firstTab!, 'ROOM_STATE')]
    const signal = nextEvent(secondTab!, 'ROOM_SIGNAL')
    const state = nextEvent(secondTab!, 'ROOM_STATE')
    aSocket.emit('ROOM_SIGNAL', { room_id: call.uuid, peer: b.user._id, description: { type: 'offer', sdp: 'v=0 moved' } })
    aSocket.emit('ROOM_STATE', { room_id: call.uuid, audio: true, video: false, screen: false })
    await Promise.all([signal, state])
    expect(await Promise.all(quietFirst)).toEqual([true, true])
    expect((await a.api('POST', 'call/out', { call_id: call._id })).status).toBe(200)
  })

  it('relays at most ROOM_EVENTS_PER_SECOND signals a second from one socket', async () => {
    const { a, b, aSocket, bSockets } = await pair()
    const call = await ringB(a, b, bSockets)
    expect((await b.api('POST', 'call/answer', { call_id: call._id })).status).toBe(200)
    expect((await join(aSocket, call.uuid)).ok).toBe(true)
    expect((await join(bSockets[0]!, call.uuid)).ok).toBe(true)
    let received = 0
    bSockets[0]!.on('ROOM_SIGNAL', () => received++)
    for (let i = 0; i < ROOM_EVENTS_PER_SECOND + 30; i++)
      aSocket.emit('ROOM_SIGNAL', {
        room_id: call.uuid,
        peer: b.user._id,
        candidate: { candidate: `candidate:${i}`, sdpMid: '0', sdpMLineIndex: 0 },
      })
    while (!(await silence(bSockets[0]!, 'ROOM_SIGNAL', 300)));
    expect(received).toBeGreaterThan(0)
    expect(received).toBeLessThanOrEqual(ROOM_EVENTS_PER_SECOND)
    expect((await a.api('POST', 'call/out', { call_id: call._id })).status).toBe(200)
  })

  it('a seat whose socket is gone without a leave (its node stopped) is given up by the sweep, and the call ends', async () => {
    const { a, b, aSocket, bSockets } = await pair()
    const call = await ringB(a, b, bSockets)
    expect((await b.api('POST', 'call/answer', { call_id: call._id })).status).toBe(200)
    expect((await join(aSocket, call.uuid)).ok).toBe(true)
    // B's seat names a socket no node has (as after a crash of the node that held it).
    await server.ctx.db
      .insert(callMembers)
      .values({ callId: call._id, userId: b.user._id, role: 'callee', socketId: 'gone-socket', joinedAt: new Date(clock.now()) })
      .onConflictDoUpdate({
        target: [callMembers.callId, callMembers.userId],
        set: { socketId: 'gone-socket', joinedAt: new Date(clock.now()) },
      })
    clock.advance(CALL_EMPTY_MS)
    const left = nextEvent(aSocket, 'ROOM_PEER_LEFT')
    await server.services.call.sweep()
    expect(await left).toEqual({ room_id: call.uuid, participant_id: b.user._id })
    // A is still there: the call goes on until A leaves.
    expect((await a.api('GET', `call/detail?call_id=${call._id}`)).body.result.status).toBe('answered')
    expect((await a.api('POST', 'call/out', { call_id: call._id })).body.result.status).toBe('ended')
  })

  it('a group call goes through the SFU, whose requests are checked before the SFU hears them', async () => {
    const [owner, member] = await Promise.all([person(server.url, 'Owner'), person(server.url, 'Member')])
    const { generalId } = await channelWith(owner, [member])
    const res = await owner.api('POST', 'call/topic', { topic_id: generalId, is_video: false, call_id: callId() })
    const [ownerSocket] = await sockets(owner)
    const ack = await join(ownerSocket!, res.body.result.call.uuid)
    expect(ack).toMatchObject({ ok: true, topology: 'sfu', title: 'General' })
    // A publish without an offer, and one whose offer is not text.
    for (const offer of [undefined, 42]) {
      const sfu = await ownerSocket!.emitWithAck('ROOM_SFU', { room_id: res.body.result.call.uuid, kind: 'publish', offer } as never)
      expect(sfu).toMatchObject({ ok: false, message: expect.stringMatching(/\S/) })
    }
  })

  it('hands out the configured ICE servers, a TURN secret turned into coturn REST credentials for the user', async () => {
    const { a, b, aSocket, bSockets } = await pair()
    const call = await ringB(a, b, bSockets)
    const ack = await join(aSocket, call.uuid)
    if (!ack.ok) throw new Error('refused')
    const expiry = Math.floor(clock.now() / 1000) + 3600
    const username = `${expiry}:${a.user._id}`
    // RFC 2104 HMAC-SHA1 written out here, not the server's helper: H((K ^ opad) || H((K ^ ipad) || m)).
    const key = Buffer.alloc(64)
    Buffer.from(TURN_SECRET).copy(key)
    const sha1 = (data: Buffer) => createHash('sha1').update(data).digest()
    const inner = sha1(Buffer.concat([key.map((byte) => byte ^ 0x36), Buffer.from(username)]))
    const credential = sha1(Buffer.concat([key.map((byte) => byte ^ 0x5c), inner])).toString('base64')
    expect(ack.ice_servers).toEqual([
      { urls: 'stun:stun.example.test:3478' },
      { urls: ['turn:turn.example.test:3478?transport=udp'], username, credential },
    ])
    expect(JSON.stringify(ack)).not.toContain(TURN_SECRET)
    expect((await a.api('POST', 'call/cancel', { call_id: call._id })).status).toBe(200)
  })

  it('ICE_SERVERS is read as JSON and refused when malformed', () => {
    expect(iceServersFromEnv(undefined)).toBeUndefined()
    expect(iceServersFromEnv('[{"urls":"stun:127.0.0.1:3478"},{"urls":["turn:127.0.0.1:3478"],"secret":"s"}]')).toEqual([
      { urls: 'stun:127.0.0.1:3478' },
      { urls: ['turn:127.0.0.1:3478'], secret: 's' },
    ])
    expect(() => iceServersFromEnv('stun:127.0.0.1')).toThrow(/ICE_SERVERS/)
    expect(() => iceServersFromEnv('[{"urls":"http://x"}]')).toThrow(/ICE_SERVERS/)
  })
})

describe('a group call through the SFU the server is given', () => {
  /** A recording SFU: what the room asked it, answered with descriptions that name the request. */
  const asked: string[] = []
  const sfu: Sfu = {
    kind: 'embedded',
    async publish(roomId, participantId, offerSdp) {
      asked.push(`publish ${roomId} ${participantId} ${offerSdp}`)
      return { feed: `feed-${participantId}`, answerSdp: `answer to ${offerSdp}` }
    },
    async subscribe(roomId, participantId, feed) {
      asked.push(`subscribe ${roomId} ${participantId} ${feed}`)
      return { offerSdp: `offer of ${feed}` }
    },
    async subscribeAnswer(roomId, participantId, feed, answerSdp) {
      asked.push(`subscribe-answer ${roomId} ${participantId} ${feed} ${answerSdp}`)
    },
    async leave(roomId, participantId) {
      asked.push(`leave ${roomId} ${participantId}`)
    },
    async closeRoom(roomId) {
      asked.push(`close ${roomId}`)
    },
    async close() {},
  }
  let withSfu: TestServer

  beforeAll(async () => {
    withSfu = await startTestServer({ now: clock.now, setTimer: clock.setTimer, sfu })
  })
  afterAll(async () => {
    await withSfu?.stop()
  })

  it('publishes and subscribes the seated participants only, announces feeds to the room, and closes the SFU room when the call ends', async () => {
    const [owner, member, outsider] = await Promise.all(['Owner', 'Member', 'Outsider'].map((n) => person(withSfu.url, n)))
    const { generalId } = await channelWith(owner!, [member!])
    const started = await owner!.api('POST', 'call/topic', { topic_id: generalId, is_video: true, call_id: callId() })
    const theCall = started.body.result.call as Call
    const room = theCall.uuid
    const [ownerSocket, memberSocket, outsiderSocket] = await Promise.all(
      [owner!, member!, outsider!].map(async (who) => {
        const s = await socketOf(withSfu.url, who)
        open.push(s)
        return s
      }),
    )
    expect((await join(ownerSocket!, room)).ok).toBe(true)
    expect((await member!.api('POST', 'call/answer', { call_id: theCall._id })).status).toBe(200)
    expect((await join(memberSocket!, room)).ok).toBe(true)

    const feed = nextEvent(memberSocket!, 'ROOM_FEED')
    expect(await ownerSocket!.emitWithAck('ROOM_SFU', { room_id: room, kind: 'publish', offer: 'v=0 o' })).toEqual({
      ok: true,
      sdp: 'answer to v=0 o',
      type: 'answer',
    })
    expect(await feed).toEqual({ room_id: room, feed: `feed-${owner!.user._id}`, participant_id: owner!.user._id })
    expect(await memberSocket!.emitWithAck('ROOM_SFU', { room_id: room, kind: 'subscribe', feed: `feed-${owner!.user._id}` })).toEqual({
      ok: true,
      sdp: `offer of feed-${owner!.user._id}`,
      type: 'offer',
    })
    expect(
      await memberSocket!.emitWithAck('ROOM_SFU', {
        room_id: room,
        kind: 'subscribe-answer',
        feed: `feed-${owner!.user._id}`,
        answer: 'v=0 a',
      }),
    ).toEqual({ ok: true })
    // Someone not seated in the room is no client of the SFU: their request is not answered for this room, nothing reaches the SFU.
    const before = asked.length
    const unanswered = outsiderSocket!.timeout(300).emitWithAck('ROOM_SFU', { room_id: room, kind: 'publish', offer: 'v=0 x' })
    await expect(unanswered).rejects.toThrow()
    expect(asked.length).toBe(before)

    // The member leaves first (the owner hears it), then the owner: two sockets' emits may otherwise reach the server in either order.
    const memberLeft = nextEvent(ownerSocket!, 'ROOM_PEER_LEFT')
    memberSocket!.emit('ROOM_LEAVE', { room_id: room })
    await memberLeft
    const over = nextEvent(memberSocket!, 'RESPONSE_CALL')
    ownerSocket!.emit('ROOM_LEAVE', { room_id: room })
    expect(await over).toMatchObject({ status: 'ended' })
    await withSfu.services.call.settled()
    expect(asked).toEqual([
      `publish ${room} ${owner!.user._id} v=0 o`,
      `subscribe ${room} ${member!.user._id} feed-${owner!.user._id}`,
      `subscribe-answer ${room} ${member!.user._id} feed-${owner!.user._id} v=0 a`,
      `leave ${room} ${member!.user._id}`,
      `leave ${room} ${owner!.user._id}`,
      `close ${room}`,
    ])
  })
})
