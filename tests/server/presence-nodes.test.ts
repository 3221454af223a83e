import type { Socket } from 'socket.io-client'
import { describe, expect, it, vi } from 'vitest'
import { channelWith, clockedNodes, type Person, person, socketOf } from './chat-fixtures'
import { DATABASE_URL, REDIS_URL, silence } from './harness'

interface Changed {
  user_id: string
  state: string
  last_seen_at: string | null
}

/**
 * Presence on two nodes sharing one PostgreSQL, one Redis and one clock: a person online through
 * node 1 is seen online by a watcher on node 2; their tabs on both nodes count together; when the
 * last one closes the watcher sees them offline after the 30 s grace, not before; and a node that
 * dies (no close, no heartbeat) does not leave its people online: another node sweeps it.
 */
describe.runIf(DATABASE_URL && REDIS_URL)('presence on two nodes (PostgreSQL + Redis)', () => {
  const nodes = clockedNodes(Date.parse('2026-11-28T09:00:00Z'))
  const { clock } = nodes

  const on = async (node: 'one' | 'two', who: Person) => nodes.keep(await socketOf(nodes[node].url, who))
  const watch = async (viewer: Socket, ids: string[]) =>
    ((await viewer.timeout(5_000).emitWithAck('PRESENCE_WATCH', { user_ids: ids })) as { watching: string[] }).watching
  const changeOf = (viewer: Socket, userId: string) =>
    new Promise<Changed>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no PRESENCE_CHANGED about ${userId}`)), 5_000)
      const listener = (p: Changed) => {
        if (p.user_id !== userId) return
        clearTimeout(timer)
        viewer.off('PRESENCE_CHANGED', listener)
        resolve(p)
      }
      viewer.on('PRESENCE_CHANGED', listener)
    })
  const stateOf = async (viewer: Person, userId: string) =>
    ((await viewer.api('POST', 'presence/of', { user_ids: [userId] })).body.result as { state: string }[])[0]!.state
  async function pair() {
    const [viewer, subject] = await Promise.all([person(nodes.one.url, 'Viewer'), person(nodes.one.url, 'Subject')])
    await channelWith(viewer, [subject])
    return { viewer, subject }
  }

  it('online through node 1 is seen on node 2; tabs on both count; offline after the grace once the last closes', async () => {
    const { viewer, subject } = await pair()
    const eyes = await on('two', viewer)
    expect(await watch(eyes, [subject.user._id])).toEqual([subject.user._id])

    const online = changeOf(eyes, subject.user._id)
    const tabOne = await on('one', subject)
    expect((await online).state).toBe('online')
    expect(await stateOf(viewer, subject.user._id)).toBe('online')

    // A second tab on node 2 keeps them online when the first closes.
    const tabTwo = await on('two', subject)
    tabOne.disconnect()
    await vi.waitFor(async () => expect(await nodes.one.ctx.realtime.io.in(`user:${subject.user._id}`).fetchSockets()).toHaveLength(1))
    clock.advance(31_000)
    expect(await silence(eyes, 'PRESENCE_CHANGED')).toBe(true)

    const pending = clock.pending
    tabTwo.disconnect()
    await vi.waitFor(() => expect(clock.pending).toBeGreaterThan(pending))
    clock.advance(29_000)
    expect(await silence(eyes, 'PRESENCE_CHANGED')).toBe(true)
    expect(await stateOf(viewer, subject.user._id)).toBe('online')
    const offline = changeOf(eyes, subject.user._id)
    clock.advance(1_000)
    expect((await offline).state).toBe('offline')
    expect(await stateOf(viewer, subject.user._id)).toBe('offline')
  })

  it('a node that dies leaves nobody online for ever: the other node sweeps it and tells the watchers', async () => {
    const { viewer, subject } = await pair()
    const eyes = await on('two', viewer)
    await watch(eyes, [subject.user._id])
    const online = changeOf(eyes, subject.user._id)
    const tab = await on('one', subject)
    expect((await online).state).toBe('online')

    // Node 1 stops as a crash would: no heartbeat, its sockets' ends unheard, nothing cleaned.
    nodes.one.services.presence.halt()
    tab.disconnect()
    clock.advance(10_000)
    expect(await silence(eyes, 'PRESENCE_CHANGED')).toBe(true)
    expect(await stateOf(viewer, subject.user._id)).toBe('online')
    const offline = changeOf(eyes, subject.user._id)
    clock.advance(40_000)
    expect((await offline).state).toBe('offline')
    expect(await stateOf(viewer, subject.user._id)).toBe('offline')
  })
})
