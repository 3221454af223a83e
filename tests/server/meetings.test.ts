import { createHmac, randomInt } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { decodeJwt } from 'jose'
import { io as connectSocket, type Socket } from 'socket.io-client'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { MEETING_MAX_PARTICIPANTS, type RoomJoinAck } from '../../contract'
import { meetingParticipants, meetings } from '../../server/db/schema'
import { clientId, channelWith, type Person } from './chat-fixtures'
import { call, connected, type Json, liftedRateLimits, nextEvent, silence, socketFor, startTestServer, type TestServer } from './harness'
import { verifiedPerson } from './verified-fixtures'

// The codes are drawn with node:crypto's randomInt: a test makes it draw a taken code first.
vi.mock('node:crypto', async (original) => {
  const actual = await original<typeof import('node:crypto')>()
  return { ...actual, randomInt: vi.fn(actual.randomInt) }
})

/** A meetingJoin budget small enough to reach: each test calls from its own address (X-Forwarded-For, one trusted proxy). */
const JOIN_BUDGET = 6
const TURN_SECRET = 'turn-shared-secret-for-tests'
const ICE = [{ urls: 'stun:stun.example.test:3478' }, { urls: ['turn:turn.example.test:3478?transport=udp'], secret: TURN_SECRET }]

let server: TestServer
let base: string
const sockets: Socket[] = []

beforeAll(async () => {
  server = await startTestServer({
    trustProxy: 1,
    rateLimits: { ...liftedRateLimits(), meetingJoin: { max: JOIN_BUDGET, windowMs: 10 * 60_000, backoff: true } },
    iceServers: ICE,
  })
  base = server.url
}, 60_000)
afterEach(() => {
  for (const s of sockets.splice(0)) s.disconnect()
})
afterAll(async () => {
  await server?.stop()
})

/** A client address of its own (the budgets are per address). */
let addresses = 0
const newIp = () => {
  addresses++
  return `10.${(addresses >> 16) & 255}.${(addresses >> 8) & 255}.${addresses & 255}`
}

function api(method: string, path: string, opts: { body?: unknown; token?: string; ip?: string } = {}): Promise<Json> {
  return call(base, method, `/api/${path}`, { body: opts.body, token: opts.token, headers: { 'x-forwarded-for': opts.ip ?? newIp() } })
}

interface Opened {
  _id: string
  jwt: string
  server_meet: string
  code: string
}

async function create(body: Record<string, unknown> = { room_name: 'Sync', name: 'Host' }, token?: string): Promise<Opened> {
  const res = await api('POST', 'call-open/create', { body, token })
  expect(res.status, JSON.stringify(res.body)).toBe(200)
  return res.body.result as Opened
}

async function join(code: string, name: string, password = '', token?: string): Promise<Opened> {
  const res = await api('POST', 'call-open/join', { body: { code, name, password }, token })
  expect(res.status, JSON.stringify(res.body)).toBe(200)
  return res.body.result as Opened
}

const host = (meeting: Opened, body: Record<string, unknown>, token = meeting.jwt) =>
  api('POST', 'call-open/host', { body: { meeting_id: meeting._id, ...body }, token })

/** A socket opened with a room token (as guests connect). */
function roomSocket(token: string): Socket {
  const s = connectSocket(base, {
    path: '/socket.io',
    transports: ['websocket'],
    reconnection: false,
    forceNew: true,
    auth: { room_token: token },
  })
  sockets.push(s)
  return s
}

function roomJoin(s: Socket, roomId: string, token?: string): Promise<RoomJoinAck> {
  return new Promise((resolve) => s.emit('ROOM_JOIN', { room_id: roomId, token, audio: true, video: true }, resolve))
}

/** Connected with the room token, and in the meeting's room. */
async function seated(opened: Opened): Promise<{ socket: Socket; ack: Extract<RoomJoinAck, { ok: true }> }> {
  const socket = roomSocket(opened.jwt)
  await connected(socket)
  const ack = await roomJoin(socket, opened._id, opened.jwt)
  if (!ack.ok) throw new Error(ack.message)
  return { socket, ack }
}

const participantOf = (opened: Opened) => decodeJwt(opened.jwt).sub!

describe('call-open/create, detail, join', () => {
  it('a guest starts a meeting: a 9-digit code, the embedded SFU, and a room token naming the meeting, the participant and the host', async () => {
    const opened = await create({ room_name: ' Weekly sync ', name: 'Ana', password: '' })
    expect(opened.code).toMatch(/^\d{9}$/)
    expect(opened.server_meet).toBe('embedded')
    const claims = decodeJwt(opened.jwt)
    expect(claims).toMatchObject({ mid: opened._id, name: 'Ana', host: true })
    expect(claims.exp! * 1000).toBeGreaterThan(Date.now())
    const [row] = await server.ctx.db.select().from(meetings).where(eq(meetings.id, opened._id))
    expect(row).toMatchObject({ roomName: 'Weekly sync', createdBy: null, passwordHash: null, locked: 0 })
    const [participant] = await server.ctx.db.select().from(meetingParticipants).where(eq(meetingParticipants.id, claims.sub!))
    expect(participant).toMatchObject({ meetingId: opened._id, userId: null, name: 'Ana', host: 1 })

    const detail = await api('GET', `call-open/detail/${opened.code}`)
    expect(detail.status).toBe(200)
    expect(detail.body.result).toEqual({
      _id: opened._id,
      room_name: 'Weekly sync',
      code: opened.code,
      private: false,
      locked: false,
      participants: 0,
    })
  })

  it('a signed-in creator is linked to the meeting and to their place in it; one name stands for the other', async () => {
    const lan = await verifiedPerson(server, 'Lan')
    const opened = await create({ room_name: '', name: 'Lan' }, lan.access_token)
    const [row] = await server.ctx.db.select().from(meetings).where(eq(meetings.id, opened._id))
    expect(row).toMatchObject({ roomName: 'Lan', createdBy: lan.user._id })
    const [participant] = await server.ctx.db
      .select()
      .from(meetingParticipants)
      .where(eq(meetingParticipants.id, participantOf(opened)))
    expect(participant).toMatchObject({ userId: lan.user._id, host: 1 })
  })

  it('a private meeting keeps an argon2id hash of its password, never the password', async () => {
    const opened = await create({ room_name: 'Board', name: 'Chair', password: 'open sesame' })
    const [row] = await server.ctx.db.select().from(meetings).where(eq(meetings.id, opened._id))
    expect(row!.passwordHash).toMatch(/^\$argon2id\$/)
    expect(row!.passwordHash).not.toContain('open sesame')
    expect((await api('GET', `call-open/detail/${opened.code}`)).body.result.private).toBe(true)
  })

  it('codes are unique: a drawn code that is taken is drawn again, and a run of taken codes gives up with a 503', async () => {
    const taken = await create()
    const draw = vi.mocked(randomInt)
    draw.mockClear()
    draw.mockReturnValueOnce(Number(taken.code) as never)
    const other = await create()
    expect(other.code).not.toBe(taken.code)
    expect(draw.mock.calls.filter((args) => args[0] === 0 && args[1] === 1_000_000_000)).toHaveLength(2)

    draw.mockImplementation(((min: number, max: number) => (min === 0 && max === 1_000_000_000 ? Number(taken.code) : 7)) as never)
    try {
      const refused = await api('POST', 'call-open/create', { body: { room_name: 'Again', name: 'Me' } })
      expect(refused.status).toBe(503)
    } finally {
      draw.mockReset()
      const actual = await vi.importActual<typeof import('node:crypto')>('node:crypto')
      draw.mockImplementation(actual.randomInt as never)
    }
    const many = await Promise.all(Array.from({ length: 30 }, () => create()))
    expect(new Set(many.map((m) => m.code)).size).toBe(30)
  })

  it('joining by code: a guest gets a participant of their own, not the host', async () => {
    const opened = await create()
    const guest = await join(opened.code, ' Bao ')
    expect(guest._id).toBe(opened._id)
    expect(guest.code).toBe(opened.code)
    const claims = decodeJwt(guest.jwt)
    expect(claims).toMatchObject({ mid: opened._id, name: 'Bao', host: false })
    expect(claims.sub).not.toBe(participantOf(opened))
  })

  it('a signed-in person joining again keeps one participant id', async () => {
    const opened = await create()
    const minh = await verifiedPerson(server, 'Minh')
    const first = await join(opened.code, 'Minh', '', minh.access_token)
    const again = await join(opened.code, 'Minh N', '', minh.access_token)
    expect(participantOf(again)).toBe(participantOf(first))
    expect(decodeJwt(again.jwt).name).toBe('Minh N')
  })

  it('an unknown code is 404; a malformed code or an empty name is 400 with field messages', async () => {
    expect((await api('GET', 'call-open/detail/000000000')).status).toBe(404)
    const join404 = await api('POST', 'call-open/join', { body: { code: '000000000', name: 'X' } })
    expect(join404.status).toBe(404)
    const shortCode = await api('GET', 'call-open/detail/12345')
    expect(shortCode.status).toBe(400)
    const bad = await api('POST', 'call-open/join', { body: { code: '12-34', name: '' } })
    expect(bad.status).toBe(400)
    expect(Object.keys(bad.body.errors).sort()).toEqual(['code', 'name'])
    const noNames = await api('POST', 'call-open/create', { body: { room_name: ' ', name: '' } })
    expect(noNames.status).toBe(400)
    expect(noNames.body.errors.room_name).toBeTruthy()
    const unknownField = await api('POST', 'call-open/create', { body: { room_name: 'A', name: 'B', host: true } })
    expect(unknownField.status).toBe(400)
  })
})

describe('passwords, locks and limits', () => {
  it('a wrong password is refused with a clear 403; the right one admits', async () => {
    const opened = await create({ room_name: 'Board', name: 'Chair', password: 'correct horse' })
    const ip = newIp()
    const wrong = await api('POST', 'call-open/join', { body: { code: opened.code, name: 'Eve', password: 'battery' }, ip })
    expect(wrong.status).toBe(403)
    expect(wrong.body.message).toBe('The meeting password is incorrect')
    expect(wrong.body.errors).toEqual({ password: ['The meeting password is incorrect'] })
    const none = await api('POST', 'call-open/join', { body: { code: opened.code, name: 'Eve' }, ip })
    expect(none.status).toBe(403)
    const vi_ = await call(base, 'POST', '/api/call-open/join', {
      body: { code: opened.code, name: 'Eve', password: 'x' },
      headers: { 'x-forwarded-for': ip, 'accept-language': 'vi' },
    })
    expect(vi_.body.message).toBe('Mật khẩu cuộc họp không đúng')
    const right = await api('POST', 'call-open/join', { body: { code: opened.code, name: 'Eve', password: 'correct horse' }, ip })
    expect(right.status).toBe(200)
  })

  it('guessing is rate-limited per address (meetingJoin): past the budget even the right password waits, and so does the code lookup', async () => {
    const opened = await create({ room_name: 'Vault', name: 'Keeper', password: 'right one' })
    const ip = newIp()
    const statuses: number[] = []
    for (let i = 0; i < JOIN_BUDGET; i++)
      statuses.push((await api('POST', 'call-open/join', { body: { code: opened.code, name: 'G', password: `guess ${i}` }, ip })).status)
    expect(statuses).toEqual(Array(JOIN_BUDGET).fill(403))
    const blocked = await api('POST', 'call-open/join', { body: { code: opened.code, name: 'G', password: 'right one' }, ip })
    expect(blocked.status).toBe(429)
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0)
    expect((await api('GET', `call-open/detail/${opened.code}`, { ip })).status).toBe(429)
    // Another address is not held back.
    expect((await api('POST', 'call-open/join', { body: { code: opened.code, name: 'G', password: 'right one' } })).status).toBe(200)
  })

  it('a locked meeting refuses joiners clearly until the host unlocks it', async () => {
    const opened = await create()
    const { socket } = await seated(opened)
    const heard = nextEvent<{ action: string }>(socket, 'ROOM_HOST')
    const locked = await host(opened, { action: 'lock', locked: true })
    expect(locked.status).toBe(200)
    expect(locked.body.result).toMatchObject({ locked: true, participants: 1 })
    expect(await heard).toEqual({ room_id: opened._id, action: 'lock' })
    const refused = await api('POST', 'call-open/join', { body: { code: opened.code, name: 'Late' } })
    expect(refused.status).toBe(403)
    expect(refused.body.message).toBe('The host has locked this meeting: nobody else can join now')
    expect((await api('GET', `call-open/detail/${opened.code}`)).body.result.locked).toBe(true)
    expect((await host(opened, { action: 'lock', locked: false })).body.result.locked).toBe(false)
    await join(opened.code, 'Late')
  })

  it(`a full meeting (${MEETING_MAX_PARTICIPANTS} people in its room) refuses the next joiner, over HTTP and at the room's door`, async () => {
    const opened = await create()
    const spare = await join(opened.code, 'Spare')
    await seated(opened)
    for (let i = 1; i < MEETING_MAX_PARTICIPANTS; i++) await seated(await join(opened.code, `P${i}`))
    expect((await api('GET', `call-open/detail/${opened.code}`)).body.result.participants).toBe(MEETING_MAX_PARTICIPANTS)
    const refused = await api('POST', 'call-open/join', { body: { code: opened.code, name: 'One more' } })
    expect(refused.status).toBe(403)
    expect(refused.body.message).toBe(`This meeting is full (${MEETING_MAX_PARTICIPANTS} people at most)`)
    const s = roomSocket(spare.jwt)
    await connected(s)
    expect(await roomJoin(s, opened._id, spare.jwt)).toEqual({
      ok: false,
      message: `This meeting is full (${MEETING_MAX_PARTICIPANTS} people at most)`,
    })
  })
})

describe('the room (socket.io) of a meeting', () => {
  it('ROOM_JOIN answers the SFU topology, the participants, the ICE servers (TURN credentials derived from the shared secret) and the title', async () => {
    const opened = await create({ room_name: 'Standup', name: 'Hà' })
    const a = await seated(opened)
    expect(a.ack).toMatchObject({
      ok: true,
      room_id: opened._id,
      self: participantOf(opened),
      topology: 'sfu',
      kind: 'meeting',
      topic_id: null,
      title: 'Standup',
    })
    expect(a.ack.participants).toEqual([
      { _id: participantOf(opened), name: 'Hà', photo_url: null, guest: true, host: true, audio: true, video: true, screen: false },
    ])
    const [stun, turn] = a.ack.ice_servers
    expect(stun).toEqual(ICE[0])
    const [expiry, who] = turn!.username!.split(':')
    expect(who).toBe(participantOf(opened))
    expect(Number(expiry)).toBeGreaterThan(Date.now() / 1000)
    expect(turn!.credential).toBe(createHmac('sha1', TURN_SECRET).update(turn!.username!).digest('base64'))

    const guest = await join(opened.code, 'Bình')
    const joined = nextEvent<{ participant: { _id: string; name: string } }>(a.socket, 'ROOM_PEER_JOINED')
    const b = await seated(guest)
    expect((await joined).participant).toMatchObject({ _id: participantOf(guest), name: 'Bình', host: false, guest: true })
    expect(b.ack.participants.map((p) => p._id)).toEqual([participantOf(guest), participantOf(opened)])

    const state = nextEvent<{ participant: { audio: boolean; video: boolean } }>(a.socket, 'ROOM_STATE')
    b.socket.emit('ROOM_STATE', { room_id: opened._id, audio: false, video: true, screen: false, speaking: false })
    expect((await state).participant).toMatchObject({ _id: participantOf(guest), audio: false, video: true })

    const left = nextEvent<{ participant_id: string }>(a.socket, 'ROOM_PEER_LEFT')
    b.socket.emit('ROOM_LEAVE', { room_id: opened._id })
    expect(await left).toEqual({ room_id: opened._id, participant_id: participantOf(guest) })
    expect((await api('GET', `call-open/detail/${opened.code}`)).body.result.participants).toBe(1)
  })

  it('a signed-in person enters with their own socket and the room token; their photo and account show', async () => {
    const opened = await create()
    const lan = await verifiedPerson(server, 'Lan')
    const mine = await join(opened.code, 'Lan', '', lan.access_token)
    const s = socketFor(base, { token: lan.access_token })
    sockets.push(s)
    await connected(s)
    const ack = await roomJoin(s, opened._id, mine.jwt)
    expect(ack).toMatchObject({ ok: true, self: participantOf(mine) })
    expect(ack.ok && ack.participants[0]).toMatchObject({ guest: false, host: false, name: 'Lan' })
  })

  it("the meeting's chat reaches its participants only, with the sender's name and the server's time", async () => {
    const opened = await create()
    const a = await seated(opened)
    const b = await seated(await join(opened.code, 'Bao'))
    const elsewhere = await create()
    const c = await seated(elsewhere)
    const atA = nextEvent<{ text: string; name: string; from: string; at: string }>(a.socket, 'ROOM_CHAT')
    const atB = nextEvent(b.socket, 'ROOM_CHAT')
    const quiet = silence(c.socket, 'ROOM_CHAT')
    b.socket.emit('ROOM_CHAT', { room_id: opened._id, text: '  hello all  ' })
    const line = await atA
    expect(line).toMatchObject({ room_id: opened._id, text: 'hello all', name: 'Bao', from: b.ack.self })
    expect(Date.parse(line.at)).not.toBeNaN()
    expect(await atB).toEqual(line)
    expect(await quiet).toBe(true)
    // Not seated there: nothing is relayed; nor is an empty or over-long line.
    const none = silence(a.socket, 'ROOM_CHAT')
    c.socket.emit('ROOM_CHAT', { room_id: opened._id, text: 'intruder' })
    b.socket.emit('ROOM_CHAT', { room_id: opened._id, text: 'x'.repeat(2_001) })
    b.socket.emit('ROOM_CHAT', { room_id: opened._id, text: '   ' })
    expect(await none).toBe(true)
  })

  it('a room-token socket is confined to its own meeting: no other meeting, no call room, no topic events, nothing of an account', async () => {
    const opened = await create()
    const other = await create()
    const guest = roomSocket(opened.jwt)
    await connected(guest)
    // Another meeting's genuine token, or no token (a call's room), is refused on this socket.
    expect(await roomJoin(guest, other._id, other.jwt)).toEqual({ ok: false, message: 'Permission denied' })
    expect(await roomJoin(guest, opened._id)).toEqual({ ok: false, message: 'Permission denied' })
    // Another participant's token of the same meeting too.
    const someone = await join(opened.code, 'Someone')
    expect(await roomJoin(guest, opened._id, someone.jwt)).toEqual({ ok: false, message: 'Permission denied' })
    // Not seated yet: its room events go nowhere.
    const sfu = await new Promise((resolve) => guest.emit('ROOM_SFU', { room_id: opened._id, kind: 'publish', offer: 'v=0' }, resolve))
    expect(sfu).toEqual({ ok: false, message: 'Permission denied' })

    // A topic's members hear no TYPING from it, and its LOGOUT reaches nobody.
    const owner = await verifiedPerson(server, 'Owner')
    const member = await verifiedPerson(server, 'Member')
    const { generalId } = await channelWith(owner, [member])
    const listening = socketFor(base, { token: member.access_token })
    sockets.push(listening)
    await connected(listening)
    const quiet = silence(listening, 'TYPING')
    const noLogout = silence(listening, 'LOGOUT')
    guest.emit('TYPING', { topic_id: generalId })
    guest.emit('LOGOUT')
    expect(await quiet).toBe(true)
    expect(await noLogout).toBe(true)
    // A new message in the topic does not reach it either.
    const noMessage = silence(guest, 'NEW_MESSAGE')
    expect((await owner.api('POST', 'message/send', { topic_id: generalId, message: 'hi', client_id: clientId() })).status).toBe(200)
    expect(await noMessage).toBe(true)
    // Its own meeting, with its own token, opens.
    expect(await roomJoin(guest, opened._id, opened.jwt)).toMatchObject({ ok: true })
  })

  it('the handshake refuses a forged, foreign or expired room token; access tokens still connect as before', async () => {
    const forged = roomSocket(`${(await create()).jwt}x`)
    await expect(connected(forged)).rejects.toThrow('unauthorized')
    const person: Person = await verifiedPerson(server, 'Plain')
    // An access token is no room token.
    await expect(connected(roomSocket(person.access_token))).rejects.toThrow('unauthorized')
    const s = socketFor(base, { token: person.access_token })
    sockets.push(s)
    await connected(s)
    expect(s.connected).toBe(true)
  })

  it('ROOM_SFU refuses a request without what it needs, before the SFU hears of it', async () => {
    const opened = await create()
    const { socket } = await seated(opened)
    const ask = (request: Record<string, unknown>) =>
      new Promise((resolve) => socket.emit('ROOM_SFU', { room_id: opened._id, ...request }, resolve))
    expect(await ask({ kind: 'subscribe-answer', feed: 'x' })).toEqual({
      ok: false,
      message: 'A feed and an answer (a session description of at most 64 KB) are needed',
    })
    expect(await ask({ kind: 'subscribe' })).toEqual({ ok: false, message: 'A feed is needed' })
    expect(await ask({ kind: 'publish' })).toEqual({ ok: false, message: 'An offer (a session description of at most 64 KB) is needed' })
    // An offer past 64 KB is refused like a missing one (a group call's room says the same).
    expect(await ask({ kind: 'publish', offer: `v=0${'a'.repeat(64 * 1024)}` })).toEqual({
      ok: false,
      message: 'An offer (a session description of at most 64 KB) is needed',
    })
    expect(await ask({ kind: 'teleport' })).toEqual({ ok: false, message: 'The data you sent is not valid' })
  })
})

describe('call-open/host: only the host steers the room', () => {
  it('only the host’s room token of that meeting: none or an access token is 401, a participant’s or another meeting’s host token is 403', async () => {
    const opened = await create()
    const guest = await join(opened.code, 'Guest')
    const otherHost = await create()
    const person = await verifiedPerson(server, 'Nobody')
    const body = { action: 'lock', locked: true }
    expect((await api('POST', 'call-open/host', { body: { meeting_id: opened._id, ...body } })).status).toBe(401)
    expect((await host(opened, body, person.access_token)).status).toBe(401)
    const byGuest = await host(opened, body, guest.jwt)
    expect(byGuest.status).toBe(403)
    expect(byGuest.body.message).toBe('Only the host can do this')
    expect((await host(opened, body, otherHost.jwt)).status).toBe(403)
    expect((await api('GET', `call-open/detail/${opened.code}`)).body.result.locked).toBe(false)
    // A participant not of this meeting: 404; the host cannot remove themselves.
    expect((await host(opened, { action: 'mute', participant_id: participantOf(otherHost) })).status).toBe(404)
    expect((await host(opened, { action: 'remove', participant_id: participantOf(opened) })).status).toBe(404)
    expect((await host(opened, { action: 'kick', participant_id: participantOf(guest) })).status).toBe(400)
  })

  it('mute reaches that participant only', async () => {
    const opened = await create()
    const a = await seated(opened)
    const b = await seated(await join(opened.code, 'Bao'))
    const c = await seated(await join(opened.code, 'Chi'))
    const muted = nextEvent(b.socket, 'ROOM_HOST')
    const quiet = silence(c.socket, 'ROOM_HOST')
    expect((await host(opened, { action: 'mute', participant_id: b.ack.self })).status).toBe(200)
    expect(await muted).toEqual({ room_id: opened._id, action: 'mute' })
    expect(await quiet).toBe(true)
    expect(a.socket.connected).toBe(true)
  })

  it('remove: they hear it, the others see them leave, and their token no longer admits them', async () => {
    const opened = await create()
    const a = await seated(opened)
    const lan = await verifiedPerson(server, 'Lan')
    const lanTicket = await join(opened.code, 'Lan', '', lan.access_token)
    const b = await seated(lanTicket)
    const removed = nextEvent(b.socket, 'ROOM_HOST')
    const left = nextEvent(a.socket, 'ROOM_PEER_LEFT')
    const res = await host(opened, { action: 'remove', participant_id: b.ack.self })
    expect(res.status).toBe(200)
    expect(res.body.result.participants).toBe(1)
    expect(await removed).toEqual({ room_id: opened._id, action: 'remove' })
    expect(await left).toEqual({ room_id: opened._id, participant_id: b.ack.self })
    // Out of the room: their chat reaches nobody.
    const quiet = silence(a.socket, 'ROOM_CHAT')
    b.socket.emit('ROOM_CHAT', { room_id: opened._id, text: 'still here?' })
    expect(await quiet).toBe(true)
    // The token opens neither the room nor a socket; the same account cannot join again.
    expect(await roomJoin(b.socket, opened._id, lanTicket.jwt)).toEqual({ ok: false, message: 'The host removed you from this meeting' })
    await expect(connected(roomSocket(lanTicket.jwt))).rejects.toThrow('unauthorized')
    const again = await api('POST', 'call-open/join', { body: { code: opened.code, name: 'Lan' }, token: lan.access_token })
    expect(again.status).toBe(403)
    expect(again.body.message).toBe('The host removed you from this meeting')
  })

  it('end: everyone hears ROOM_ENDED, and the meeting can no longer be found, joined or entered', async () => {
    const opened = await create()
    const a = await seated(opened)
    const ticket = await join(opened.code, 'Bao')
    const b = await seated(ticket)
    const endedA = nextEvent(a.socket, 'ROOM_ENDED')
    const endedB = nextEvent(b.socket, 'ROOM_ENDED')
    const res = await host(opened, { action: 'end' })
    expect(res.status).toBe(200)
    expect(res.body.result.participants).toBe(0)
    expect(await endedA).toEqual({ room_id: opened._id })
    expect(await endedB).toEqual({ room_id: opened._id })
    const detail = await api('GET', `call-open/detail/${opened.code}`)
    expect(detail.status).toBe(410)
    expect(detail.body.message).toBe('This meeting has ended')
    expect((await api('POST', 'call-open/join', { body: { code: opened.code, name: 'Late' } })).status).toBe(410)
    expect(await roomJoin(b.socket, opened._id, ticket.jwt)).toEqual({ ok: false, message: 'This meeting has ended' })
    await expect(connected(roomSocket(ticket.jwt))).rejects.toThrow('unauthorized')
    expect((await host(opened, { action: 'lock', locked: true })).status).toBe(410)
  })
})
