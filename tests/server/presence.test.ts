import type { Socket } from 'socket.io-client'
import { describe, expect, it, vi } from 'vitest'
import { chatServer, type Person, person } from './chat-fixtures'
import { nextEvent, silence } from './harness'

interface Changed {
  user_id: string
  state: string
  last_seen_at: string | null
}
interface StatusChanged {
  user_id: string
  status: { emoji: string; text: string; expires_at: string | null } | null
}

/**
 * Presence on one node, on a clock the tests move: online while any tab is active, away when all
 * of a person's tabs have been idle, offline 30 s after their last socket closed (not before: a
 * reload does not flap); told only to the sockets that watch the person and may see them (never
 * across a block); a custom status until its time, cleared then exactly once.
 */
// Sessions long enough for the hours the tests move the clock.
const chat = chatServer({ sessions: { accessTokenTtlSeconds: 10 * 24 * 3600 } })
const { clock } = chat

const GRACE = 30_000

async function watch(viewer: Socket, ids: string[]): Promise<string[]> {
  const answer = (await viewer.timeout(5_000).emitWithAck('PRESENCE_WATCH', { user_ids: ids })) as { watching: string[] }
  return answer.watching
}

async function presenceOf(who: Person, ids: string[]) {
  const res = await who.api('POST', 'presence/of', { user_ids: ids })
  expect(res.status).toBe(200)
  return res.body.result as { user_id: string; state: string; last_seen_at: string | null; dnd: boolean; status: StatusChanged['status'] }[]
}

/** Closes a socket and waits until the server heard it (its grace timer is set on the clock). */
async function close(tab: Socket) {
  const before = clock.pending
  tab.disconnect()
  await vi.waitFor(() => expect(clock.pending).toBeGreaterThan(before))
}

/** The next PRESENCE_CHANGED about `userId`. */
const changeOf = (viewer: Socket, userId: string) =>
  new Promise<Changed>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no PRESENCE_CHANGED about ${userId}`)), 5_000)
    const on = (p: Changed) => {
      if (p.user_id !== userId) return
      clearTimeout(timer)
      viewer.off('PRESENCE_CHANGED', on)
      resolve(p)
    }
    viewer.on('PRESENCE_CHANGED', on)
  })

describe('presence: online, away, offline', () => {
  it('a watcher sees the person come online, go away and back, and offline only after the grace', async () => {
    const { people } = await chat.team('Viewer', 'Subject')
    const [viewer, subject] = people as [Person, Person]
    const eyes = await chat.socket(viewer)
    expect(await watch(eyes, [subject.user._id])).toEqual([subject.user._id])
    expect((await presenceOf(viewer, [subject.user._id]))[0]).toMatchObject({ state: 'offline', last_seen_at: null, status: null })

    const online = changeOf(eyes, subject.user._id)
    const tab = await chat.socket(subject)
    expect(await online).toEqual({ user_id: subject.user._id, state: 'online', last_seen_at: null })
    expect((await presenceOf(viewer, [subject.user._id]))[0]!.state).toBe('online')

    const away = changeOf(eyes, subject.user._id)
    tab.emit('ACTIVITY', { state: 'away' })
    expect((await away).state).toBe('away')
    const back = changeOf(eyes, subject.user._id)
    tab.emit('ACTIVITY', { state: 'active' })
    expect((await back).state).toBe('online')

    // The tab closes: nothing for 30 s (a reload comes back in time), then offline with the time.
    const closedAt = clock.now()
    await close(tab)
    clock.advance(GRACE - 1_000)
    expect(await silence(eyes, 'PRESENCE_CHANGED')).toBe(true)
    const offline = changeOf(eyes, subject.user._id)
    clock.advance(1_000)
    const gone = await offline
    expect(gone.state).toBe('offline')
    expect(Date.parse(gone.last_seen_at!)).toBe(closedAt + GRACE)
    expect((await presenceOf(viewer, [subject.user._id]))[0]).toMatchObject({ state: 'offline', last_seen_at: gone.last_seen_at })
  })

  it('a reload within the grace does not flap: no offline, no second online', async () => {
    const { people } = await chat.team('Viewer', 'Reloader')
    const [viewer, subject] = people as [Person, Person]
    const eyes = await chat.socket(viewer)
    await watch(eyes, [subject.user._id])
    const online = changeOf(eyes, subject.user._id)
    const first = await chat.socket(subject)
    await online
    await close(first)
    clock.advance(10_000)
    await chat.socket(subject)
    clock.advance(GRACE)
    expect(await silence(eyes, 'PRESENCE_CHANGED')).toBe(true)
    expect((await presenceOf(viewer, [subject.user._id]))[0]!.state).toBe('online')
  })

  it('several tabs: online while any is active, away when all are idle, still away when an idle one closes', async () => {
    const { people } = await chat.team('Viewer', 'Tabs')
    const [viewer, subject] = people as [Person, Person]
    const eyes = await chat.socket(viewer)
    await watch(eyes, [subject.user._id])
    const online = changeOf(eyes, subject.user._id)
    const one = await chat.socket(subject)
    await online
    const two = await chat.socket(subject)
    one.emit('ACTIVITY', { state: 'away' })
    expect(await silence(eyes, 'PRESENCE_CHANGED')).toBe(true)
    const away = changeOf(eyes, subject.user._id)
    two.emit('ACTIVITY', { state: 'away' })
    expect((await away).state).toBe('away')
    one.disconnect()
    clock.advance(GRACE)
    expect(await silence(eyes, 'PRESENCE_CHANGED')).toBe(true)
    const back = changeOf(eyes, subject.user._id)
    two.emit('ACTIVITY', { state: 'active' })
    expect((await back).state).toBe('online')
  })

  it('only those who may see: a stranger is not answered, and a block hides the person both ways', async () => {
    const { people } = await chat.team('Viewer', 'Private')
    const [viewer, subject] = people as [Person, Person]
    const stranger = await person(chat.server.url, 'Stranger')
    const strangerEyes = await chat.socket(stranger)
    expect(await watch(strangerEyes, [subject.user._id])).toEqual([])
    expect(await presenceOf(stranger, [subject.user._id])).toEqual([])

    const eyes = await chat.socket(viewer)
    expect(await watch(eyes, [subject.user._id])).toEqual([subject.user._id])
    expect((await subject.api('POST', 'relates/block', { customer_id: viewer.user._id })).status).toBe(200)
    // Already watching: the block leaves the viewer's sockets out of the fan-out.
    await chat.socket(subject)
    expect(await silence(eyes, 'PRESENCE_CHANGED')).toBe(true)
    expect(await presenceOf(viewer, [subject.user._id])).toEqual([])
    expect(await watch(eyes, [subject.user._id])).toEqual([])
    // The blocker does not see the blocked either.
    expect(await presenceOf(subject, [viewer.user._id])).toEqual([])
    // An id of no one is refused.
    expect((await viewer.api('POST', 'presence/of', { user_ids: [crypto.randomUUID()] })).status).toBe(404)
  })
})

describe('custom status', () => {
  it('is shown until its time, then cleared exactly once and told to the watchers', async () => {
    const { people } = await chat.team('Viewer', 'Holiday')
    const [viewer, subject] = people as [Person, Person]
    const eyes = await chat.socket(viewer)
    await watch(eyes, [subject.user._id])
    const own = await chat.socket(subject)
    await silence(eyes, 'PRESENCE_CHANGED', 200)

    const past = await subject.api('POST', 'status/set', {
      emoji: '🌴',
      text: 'On holiday',
      expires_at: new Date(clock.now() - 1).toISOString(),
    })
    expect(past.status).toBe(400)
    expect(past.body.errors).toHaveProperty('expires_at')
    expect((await subject.api('POST', 'status/set', { emoji: 'abc', text: 'x', expires_at: null })).status).toBe(400)

    const until = new Date(clock.now() + 30 * 60_000).toISOString()
    const told = nextEvent<StatusChanged>(eyes, 'STATUS_CHANGED')
    const toSelf = nextEvent<StatusChanged>(own, 'STATUS_CHANGED')
    const set = await subject.api('POST', 'status/set', { emoji: '🌴', text: 'On holiday', expires_at: until })
    expect(set.status).toBe(200)
    const status = { emoji: '🌴', text: 'On holiday', expires_at: until }
    expect(await told).toEqual({ user_id: subject.user._id, status })
    expect((await toSelf).status).toEqual(status)
    expect((await presenceOf(viewer, [subject.user._id]))[0]!.status).toEqual(status)

    clock.advance(29 * 60_000)
    expect(await chat.server.ctx.queue.runDue()).toBe(0)
    clock.advance(60_000)
    // Past its time it is no longer read, even before the job ran.
    expect((await presenceOf(viewer, [subject.user._id]))[0]!.status).toBeNull()
    const cleared = nextEvent<StatusChanged>(eyes, 'STATUS_CHANGED')
    expect(await chat.server.ctx.queue.runDue()).toBe(1)
    expect(await cleared).toEqual({ user_id: subject.user._id, status: null })
    expect(await chat.server.ctx.queue.runDue()).toBe(0)
    expect(await silence(eyes, 'STATUS_CHANGED')).toBe(true)
  })

  it('a new status replaces the old one and its time; clearing tells once and a second clear changes nothing', async () => {
    const { people } = await chat.team('Viewer', 'Busy')
    const [viewer, subject] = people as [Person, Person]
    const eyes = await chat.socket(viewer)
    await watch(eyes, [subject.user._id])
    await subject.api('POST', 'status/set', {
      emoji: '📅',
      text: 'In meetings',
      expires_at: new Date(clock.now() + 60 * 60_000).toISOString(),
    })
    await subject.api('POST', 'status/set', { emoji: '🤒', text: 'Out sick', expires_at: null })
    clock.advance(2 * 60 * 60_000)
    await chat.server.ctx.queue.runDue()
    expect((await presenceOf(viewer, [subject.user._id]))[0]!.status).toEqual({ emoji: '🤒', text: 'Out sick', expires_at: null })
    const cleared = nextEvent<StatusChanged>(eyes, 'STATUS_CHANGED')
    expect((await subject.api('POST', 'status/clear', {})).body.result).toEqual({ cleared: true })
    expect((await cleared).status).toBeNull()
    expect((await subject.api('POST', 'status/clear', {})).body.result).toEqual({ cleared: false })
    expect(await silence(eyes, 'STATUS_CHANGED')).toBe(true)
  })
})
