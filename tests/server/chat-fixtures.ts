import type { Socket } from 'socket.io-client'
import { afterAll, beforeAll } from 'vitest'
import type { ServerOptions } from '../../server/app'
import { FakeClock } from './call-clock'
import { type Account, call, connected, register, socketFor, startTestServer, type TestServer } from './harness'

/** A signed-up user, with helpers for authenticated calls. */
export interface Person extends Account {
  api(method: string, url: string, body?: unknown): ReturnType<typeof call>
}

export async function person(base: string, name = 'Person'): Promise<Person> {
  const account = await register(base, { name })
  return { ...account, api: (method, url, body) => call(base, method, `/api/${url}`, { token: account.access_token, body }) }
}

export async function socketOf(base: string, who: Account): Promise<Socket> {
  const socket = socketFor(base, { token: who.access_token })
  await connected(socket)
  return socket
}

/** A public channel owned by `owner` that `members` joined; its General topic holds everyone. */
export async function channelWith(owner: Person, members: Person[], name = 'Team') {
  const created = await owner.api('POST', 'channel/create', { name, description: '<p>Our team</p>', is_public: true })
  if (created.status !== 200) throw new Error(`channel/create ${created.status} ${JSON.stringify(created.body)}`)
  const channelId: string = created.body.result._id
  for (const m of members) {
    const joined = await m.api('POST', 'channel/join', { channel_id: channelId })
    if (joined.status !== 200) throw new Error(`channel/join ${joined.status}`)
  }
  const topics = await owner.api('GET', `topic-in-channel?channel_id=${channelId}`)
  return { channelId, generalId: topics.body.result[0]._id as string }
}

export const clientId = () => crypto.randomUUID()

/**
 * One test server for a test file, on a clock the tests move (`clock`: the server's `now` and
 * timers): started before the file's tests and stopped after them, with every socket `socket`
 * opened. Call it at the top of the file; `server` is there once the tests run.
 */
export function chatServer(options: ServerOptions = {}) {
  const clock = new FakeClock()
  const sockets: Socket[] = []
  let running: TestServer | undefined
  beforeAll(async () => {
    running = await startTestServer({ now: clock.now, setTimer: clock.setTimer, ...options })
  })
  afterAll(async () => {
    for (const s of sockets) s.disconnect()
    await running?.stop()
  })
  const server = (): TestServer => {
    if (!running) throw new Error('chatServer: the server starts before the tests (beforeAll)')
    return running
  }
  return {
    clock,
    get server() {
      return server()
    },
    /** A connected socket of `who`, disconnected after the file's tests. */
    async socket(who: Person): Promise<Socket> {
      const s = await socketOf(server().url, who)
      sockets.push(s)
      return s
    },
    /** People by name, the first owning a channel whose General holds the others. */
    async team(...names: string[]) {
      const people = await Promise.all(names.map((n) => person(server().url, n)))
      const [owner, ...others] = people
      const { channelId, generalId } = await channelWith(owner!, others)
      return { people, channelId, generalId }
    },
  }
}

/**
 * Two test servers (nodes) sharing one database, one Redis and one clock the tests move (`clock`:
 * both nodes' `now` and timers; sessions long enough for a test's jumps): started before the file's
 * tests and stopped after them, with every socket `keep` was given. Call it at the top of the file.
 */
export function clockedNodes(startsAt: number) {
  const clock = new FakeClock(startsAt)
  const sockets: Socket[] = []
  let nodes: [TestServer, TestServer] | undefined
  beforeAll(async () => {
    const options = { now: clock.now, setTimer: clock.setTimer, sessions: { accessTokenTtlSeconds: 10 * 24 * 3600 } }
    nodes = [await startTestServer(options), await startTestServer(options)]
  })
  afterAll(async () => {
    for (const s of sockets) s.disconnect()
    await Promise.all((nodes ?? []).map((node) => node.stop()))
  })
  const node = (i: 0 | 1): TestServer => {
    if (!nodes) throw new Error('clockedNodes: the nodes start before the tests (beforeAll)')
    return nodes[i]
  }
  return {
    clock,
    get one() {
      return node(0)
    },
    get two() {
      return node(1)
    },
    /** Disconnects `socket` after the file's tests. */
    keep(socket: Socket): Socket {
      sockets.push(socket)
      return socket
    },
    /** Both nodes claim and run their due jobs at once. */
    bothRunDue: () => Promise.all([node(0).ctx.queue.runDue(), node(1).ctx.queue.runDue()]),
  }
}
