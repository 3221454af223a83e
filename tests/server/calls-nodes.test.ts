import type { Socket } from 'socket.io-client'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { CALL_RING_MS, type Call, parseCallSummary, type RoomJoinAck } from '../../contract'
import { FakeClock } from './call-clock'
import { clientId, type Person, person, socketOf } from './chat-fixtures'
import { call, DATABASE_URL, nextEvent, REDIS_URL, silence, startTestServer, type TestServer } from './harness'

/**
 * Calls on two nodes sharing one PostgreSQL and one Redis (issue 24): a ring started on node 1
 * reaches the callee's sockets on node 2; a ring nobody answers ends as missed exactly once although
 * node 1's ring timer and both nodes' sweeps race for it; answering through node 2 stops the ringing
 * on both nodes; the room's signals cross nodes between participants.
 */
describe.runIf(DATABASE_URL && REDIS_URL)('calls on two nodes (PostgreSQL + Redis)', () => {
  const clock = new FakeClock()
  let one: TestServer
  let two: TestServer
  const open: Socket[] = []

  beforeAll(async () => {
    one = await startTestServer({ now: clock.now, setTimer: clock.setTimer })
    two = await startTestServer({ now: clock.now, setTimer: clock.setTimer })
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

  /** A on node 1 and B on node 2 in a 1:1 chat; A's socket on node 1, B's on both nodes. */
  async function pair() {
    const [a, b] = await Promise.all([person(one.url, 'Alice'), person(one.url, 'Bob')])
    const dm = await a.api('GET', `topic/chat-friend?customer_id=${b.user._id}`)
    const [aSocket, bOnOne, bOnTwo] = await Promise.all([on(one, a), on(one, b), on(two, b)])
    return { a, b, topicId: dm.body.result._id as string, aSocket, bOnOne, bOnTwo }
  }

  /** Every `event` the socket gets until it has been quiet for a while. */
  async function collect(socket: Socket, event: string, during: () => Promise<unknown>): Promise<unknown[]> {
    const got: unknown[] = []
    const listener = (payload: unknown) => got.push(payload)
    socket.on(event, listener)
    await during()
    while (!(await silence(socket, event, 300)));
    socket.off(event, listener)
    return got
  }

  it('a ring started on node 1 reaches node 2 and is missed exactly once, though node 1’s timer and both sweeps race for it', async () => {
    const { a, b, topicId, aSocket, bOnTwo } = await pair()
    const ring = nextEvent<{ call: Call }>(bOnTwo, 'NEW_REQUEST_CALL')
    const started = await a.api('POST', 'call/customer', { customer_id: b.user._id, is_video: false, call_id: `c-${clientId()}` })
    expect(started.status).toBe(200)
    const callId = started.body.result.call._id as string
    expect((await ring).call._id).toBe(callId)

    const responses = await collect(bOnTwo, 'RESPONSE_CALL', async () => {
      const notices = collect(bOnTwo, 'data', async () => {
        const callerHears = nextEvent(aSocket, 'RESPONSE_CALL')
        clock.advance(CALL_RING_MS)
        const sweeps = await Promise.all([one.services.call.sweep(), two.services.call.sweep(), two.services.call.sweep()])
        await Promise.all([one.services.call.settled(), two.services.call.settled()])
        expect(sweeps.reduce((n, s) => n + s.missed, 0)).toBeLessThanOrEqual(1)
        expect(await callerHears).toEqual({ call_id: callId, status: 'missed', by: null })
      })
      expect(
        (await notices).filter((n) => (n as { notify_message_json?: { key?: string } }).notify_message_json?.key === 'missed_call'),
      ).toHaveLength(1)
    })
    expect(responses).toEqual([{ call_id: callId, status: 'missed', by: null }])
    const messages = await call(two.url, 'GET', `/api/topic/messages?topic_id=${topicId}&page=1`, { token: b.access_token })
    const summaries = (messages.body.result as { type: string; message: string }[]).filter((m) => m.type === 'call')
    expect(summaries.map((m) => parseCallSummary(m.message)?.status)).toEqual(['missed'])
  })

  it('answering through node 2 stops the ringing on both nodes and tells the caller on node 1; signals cross nodes in the room', async () => {
    const { a, b, aSocket, bOnOne, bOnTwo } = await pair()
    const rings = [nextEvent<{ call: Call }>(bOnOne, 'NEW_REQUEST_CALL'), nextEvent<{ call: Call }>(bOnTwo, 'NEW_REQUEST_CALL')]
    const started = await a.api('POST', 'call/customer', { customer_id: b.user._id, is_video: true, call_id: `c-${clientId()}` })
    const theCall = started.body.result.call as Call
    await Promise.all(rings)
    expect(((await aSocket.emitWithAck('ROOM_JOIN', { room_id: theCall.uuid, audio: true, video: true })) as RoomJoinAck).ok).toBe(true)

    const heard = nextEvent(aSocket, 'RESPONSE_CALL')
    const closed = [nextEvent(bOnOne, 'CLOSE_POPUP_CALL'), nextEvent(bOnTwo, 'CLOSE_POPUP_CALL')]
    expect((await call(two.url, 'POST', '/api/call/answer', { token: b.access_token, body: { call_id: theCall._id } })).status).toBe(200)
    expect(await heard).toEqual({ call_id: theCall._id, status: 'answered', by: b.user._id })
    for (const c of await Promise.all(closed)) expect(c).toEqual({ call_id: theCall._id })

    const joined = nextEvent(aSocket, 'ROOM_PEER_JOINED')
    expect(((await bOnTwo.emitWithAck('ROOM_JOIN', { room_id: theCall.uuid, audio: true, video: true })) as RoomJoinAck).ok).toBe(true)
    await joined
    const offer = nextEvent(bOnTwo, 'ROOM_SIGNAL')
    const notTheOtherTab = silence(bOnOne, 'ROOM_SIGNAL')
    aSocket.emit('ROOM_SIGNAL', { room_id: theCall.uuid, peer: b.user._id, description: { type: 'offer', sdp: 'v=0 across' } })
    expect(await offer).toEqual({ room_id: theCall.uuid, peer: a.user._id, description: { type: 'offer', sdp: 'v=0 across' } })
    expect(await notTheOtherTab).toBe(true)

    const over = nextEvent(aSocket, 'RESPONSE_CALL')
    bOnTwo.emit('ROOM_LEAVE', { room_id: theCall.uuid })
    aSocket.emit('ROOM_LEAVE', { room_id: theCall.uuid })
    expect(await over).toMatchObject({ call_id: theCall._id, status: 'ended' })
  })
})
