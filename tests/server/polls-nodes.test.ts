import type { Socket } from 'socket.io-client'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { channelWith, clientId, type Person, person, socketOf } from './chat-fixtures'
import { DATABASE_URL, nextEvent, REDIS_URL, startTestServer, type TestServer } from './harness'

interface PollView {
  _id: string
  options: { _id: string; text: string; votes: number }[]
  voters: number
  mine?: string[]
}

/**
 * Polls on two nodes sharing one PostgreSQL and one Redis: a vote through node 1 reaches a member's
 * socket on node 2 live (without the voter's choices) and the voter's own socket on node 2 with
 * them; five people racing through both nodes for the poll's last free option slots leave it at
 * exactly 10 options.
 */
describe.runIf(DATABASE_URL && REDIS_URL)('polls on two nodes (PostgreSQL + Redis)', () => {
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

  it('a vote on node 1 reaches the other members and the voter’s other device on node 2', async () => {
    const [owner, voter] = await Promise.all([person(one.url, 'Owner'), person(one.url, 'Voter')])
    const { generalId } = await channelWith(owner, [voter])
    const created = await owner.api('POST', 'vote/create', {
      client_id: clientId(),
      topic_id: generalId,
      question: 'Lunch?',
      options: ['Pho', 'Com'],
    })
    const poll = created.body.result as PollView
    const [ownerOnTwo, voterOnTwo] = await Promise.all([on(two, owner), on(two, voter)])
    const toOwner = nextEvent<{ poll: PollView; mine?: string[] }>(ownerOnTwo, 'POLL_CHANGED')
    const toVoter = nextEvent<{ poll: PollView; mine?: string[] }>(voterOnTwo, 'POLL_CHANGED')
    const pho = poll.options[0]!._id
    expect((await voter.api('POST', 'vote/option', { poll_id: poll._id, option_ids: [pho] })).status).toBe(200)
    const [seen, own] = await Promise.all([toOwner, toVoter])
    expect(seen.poll.options.map((o) => [o.text, o.votes])).toEqual([
      ['Pho', 1],
      ['Com', 0],
    ])
    expect(seen).not.toHaveProperty('mine')
    expect(own.mine).toEqual([pho])
  })

  it('racing through both nodes for the last free slots: the poll ends with exactly 10 options', async () => {
    const [owner, ...members] = await Promise.all(['Owner', 'M1', 'M2', 'M3', 'M4', 'M5'].map((n) => person(one.url, n)))
    const { generalId } = await channelWith(owner!, members)
    const eight = ['A', 'B', 'C', 'D', 'E', 'F', 'G', 'H']
    const created = await owner!.api('POST', 'vote/create', {
      client_id: clientId(),
      topic_id: generalId,
      question: 'Pick',
      options: eight,
      allow_new_options: true,
    })
    const pollId = (created.body.result as PollView)._id
    // Each member adds through either node (the access token is good on both).
    const answers = await Promise.all(
      members.map((m, i) =>
        fetch(`${(i % 2 === 0 ? one : two).url}/api/vote/new-option`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${m.access_token}` },
          body: JSON.stringify({ poll_id: pollId, text: `New ${i}` }),
        }).then((r) => r.status),
      ),
    )
    expect(answers.filter((s) => s === 200)).toHaveLength(2)
    expect(answers.filter((s) => s === 409)).toHaveLength(3)
    const after = await owner!.api('GET', `vote/info?poll_id=${pollId}`)
    expect((after.body.result as PollView).options).toHaveLength(10)
  })
})
