import { eq } from 'drizzle-orm'
import type { Socket } from 'socket.io-client'
import { describe, expect, it } from 'vitest'
import { SERVER_MESSAGES } from '../../contract'
import { messages, pollOptions, pollVotes } from '../../server/db/schema'
import { chatServer, clientId, type Person, person } from './chat-fixtures'
import { nextEvent, silence } from './harness'

/**
 * The server side of polls (vote/*): a poll is a message of type vote in its topic; single and
 * multiple choice, anonymous, new options (at most 10, none twice), lock by its creator or a topic
 * admin, the closing time on the server's fake clock (never a sleep), the group's admin-only `poll`
 * setting, strangers, POLL_CHANGED to the topic (the voter's own sockets with `mine`, everyone
 * else's without) and concurrent changes. Expected values are written out here, not computed by
 * the server's code.
 */
const chat = chatServer()
const { clock, socket, team } = chat

interface PollView {
  _id: string
  topic_id: string
  creator: { _id: string; name: string }
  question: string
  multiple: boolean
  anonymous: boolean
  allow_new_options: boolean
  closes_at: string | null
  locked_at: string | null
  status: 'open' | 'locked' | 'closed'
  options: { _id: string; text: string; votes: number; voters: { _id: string; name: string }[] | null }[]
  voters: number
  mine?: string[]
}

async function createPoll(who: Person, topicId: string, over: Record<string, unknown> = {}): Promise<PollView> {
  const res = await who.api('POST', 'vote/create', {
    client_id: clientId(),
    topic_id: topicId,
    question: 'Lunch?',
    options: ['Pho', 'Banh mi', 'Com tam'],
    ...over,
  })
  expect(res.status, JSON.stringify(res.body)).toBe(200)
  return res.body.result
}

const vote = (who: Person, pollId: string, optionIds: string[]) =>
  who.api('POST', 'vote/option', { poll_id: pollId, option_ids: optionIds })
const info = async (who: Person, pollId: string): Promise<PollView> => {
  const res = await who.api('GET', `vote/info?poll_id=${pollId}`)
  expect(res.status).toBe(200)
  return res.body.result
}
/** Each option's text with its count and voters' names. */
const tally = (poll: PollView) => poll.options.map((o) => [o.text, o.votes, o.voters?.map((v) => v.name) ?? null])

describe('creating a poll', () => {
  it('posts a message of type vote whose text is the question, announced as NEW_MESSAGE; the same client_id answers the same poll', async () => {
    const { people, channelId, generalId } = await team('Owner', 'Bob')
    const [owner, bob] = people as [Person, Person]
    const bobSocket = await socket(bob)
    const announced = nextEvent<{ message: { _id: string; type: string; message: string } }>(bobSocket, 'NEW_MESSAGE')
    const body = {
      client_id: clientId(),
      topic_id: generalId,
      question: '  Where shall we eat?  ',
      options: ['Pho', 'Banh mi'],
      multiple: true,
      allow_new_options: true,
    }
    const res = await owner.api('POST', 'vote/create', body)
    expect(res.status).toBe(200)
    const poll = res.body.result as PollView
    expect(poll).toMatchObject({
      topic_id: generalId,
      creator: { _id: owner.user._id, name: 'Owner' },
      question: 'Where shall we eat?',
      multiple: true,
      anonymous: false,
      allow_new_options: true,
      closes_at: null,
      locked_at: null,
      status: 'open',
      voters: 0,
      mine: [],
    })
    expect(tally(poll)).toEqual([
      ['Pho', 0, []],
      ['Banh mi', 0, []],
    ])
    const message = (await announced).message
    expect(message).toMatchObject({ _id: poll._id, type: 'vote', message: 'Where shall we eat?' })
    const list = await bob.api('GET', `topic/messages?topic_id=${generalId}&page=1`)
    expect(list.body.result[0]).toMatchObject({ _id: poll._id, type: 'vote', message: 'Where shall we eat?' })

    // A retry after a lost answer: the same poll, no second message.
    const quiet = silence(bobSocket, 'NEW_MESSAGE')
    const again = await owner.api('POST', 'vote/create', body)
    expect(again.status).toBe(200)
    expect(again.body.result._id).toBe(poll._id)
    expect(await quiet).toBe(true)
    expect(await chat.server.ctx.db.select().from(messages).where(eq(messages.clientId, body.client_id))).toHaveLength(1)
    // The chat list shows the question as the topic's latest message, and Bob has it unread.
    const topics = await bob.api('GET', `topic-in-channel?channel_id=${channelId}`)
    const general = topics.body.result.find((t: { _id: string }) => t._id === generalId)
    expect(general.message).toMatchObject({ _id: poll._id, type: 'vote', message: 'Where shall we eat?' })
    expect(general.is_seen).toBe(false)
    // Search finds it by its question.
    const found = await bob.api('GET', `message/search?keyword=${encodeURIComponent('shall we eat')}&topic_id=${generalId}`)
    expect(found.status).toBe(200)
    expect(found.body.result.map((m: { _id: string }) => m._id)).toEqual([poll._id])
    // A client_id a text message already used is no poll.
    const used = clientId()
    expect((await owner.api('POST', 'message/send', { client_id: used, topic_id: generalId, message: 'hi' })).status).toBe(200)
    expect((await owner.api('POST', 'vote/create', { ...body, client_id: used })).status).toBe(400)
  })

  it('a closing time in the past is refused (400, closes_at); options that differ only in case are refused (400)', async () => {
    const { people, generalId } = await team('Owner')
    const [owner] = people as [Person]
    const past = await owner.api('POST', 'vote/create', {
      client_id: clientId(),
      topic_id: generalId,
      question: 'Too late?',
      options: ['Yes', 'No'],
      closes_at: new Date(clock.now() - 1_000).toISOString(),
    })
    expect(past.status).toBe(400)
    expect(past.body.errors.closes_at).toEqual([SERVER_MESSAGES.pollClosesInPast.en])
    const twice = await owner.api('POST', 'vote/create', {
      client_id: clientId(),
      topic_id: generalId,
      question: 'Twice?',
      options: ['Yes', 'YES'],
    })
    expect(twice.status).toBe(400)
  })

  it('a group that restricts polls to admins refuses a member (403 pollAdminsOnly) and lets a channel admin and the owner', async () => {
    const { people, channelId, generalId } = await team('Owner', 'Admin', 'Member')
    const [owner, admin, member] = people as [Person, Person, Person]
    expect((await owner.api('PUT', 'channel/role', { channel_id: channelId, customer_id: admin.user._id, role: 30 })).status).toBe(200)
    await createPoll(member, generalId)
    expect((await owner.api('PUT', 'topic/permission', { topic_id: generalId, permission: { poll: 1 } })).status).toBe(200)
    const refused = await member.api('POST', 'vote/create', {
      client_id: clientId(),
      topic_id: generalId,
      question: 'Mine?',
      options: ['a', 'b'],
    })
    expect(refused.status).toBe(403)
    expect(refused.body.message).toBe(SERVER_MESSAGES.pollAdminsOnly.en)
    await createPoll(admin, generalId)
    await createPoll(owner, generalId)
  })

  it('sending being admin-only, a block and friends-only chat refuse a poll as they refuse a message', async () => {
    const { people, generalId } = await team('Owner', 'Member')
    const [owner, member] = people as [Person, Person]
    expect((await owner.api('PUT', 'topic/permission', { topic_id: generalId, permission: { send_message: 1 } })).status).toBe(200)
    const body = { client_id: clientId(), topic_id: generalId, question: 'Q?', options: ['a', 'b'] }
    expect((await member.api('POST', 'vote/create', body)).status).toBe(403)

    const [a, b, c] = await Promise.all(['A', 'B', 'C'].map((n) => person(chat.server.url, n)))
    const ab = (await a!.api('GET', `topic/chat-friend?customer_id=${b!.user._id}`)).body.result._id as string
    expect((await b!.api('POST', 'relates/block', { customer_id: a!.user._id })).status).toBe(200)
    const blocked = await a!.api('POST', 'vote/create', { ...body, client_id: clientId(), topic_id: ab })
    expect(blocked.status).toBe(403)
    expect(blocked.body.message).toBe(SERVER_MESSAGES.blockedByPerson.en)

    const cb = (await b!.api('GET', `topic/chat-friend?customer_id=${c!.user._id}`)).body.result._id as string
    expect((await c!.api('PUT', 'customer/update-profile', { only_friend_chat: 1 })).status).toBe(200)
    const friendsOnly = await b!.api('POST', 'vote/create', { ...body, client_id: clientId(), topic_id: cb })
    expect(friendsOnly.status).toBe(403)
    expect(friendsOnly.body.message).toBe(SERVER_MESSAGES.friendsOnlyChat.en)
    expect((await b!.api('POST', 'message/send', { client_id: clientId(), topic_id: cb, message: 'hi' })).status).toBe(403)
  })
})

describe('voting', () => {
  it('single choice: a vote, a change, a take-back; two choices and an option of another poll are refused', async () => {
    const { people, generalId } = await team('Owner', 'Bob')
    const [owner, bob] = people as [Person, Person]
    const poll = await createPoll(owner, generalId)
    const [pho, banhMi] = poll.options.map((o) => o._id) as [string, string, string]
    const first = await vote(bob, poll._id, [pho])
    expect(first.status).toBe(200)
    expect(first.body.result.mine).toEqual([pho])
    expect(first.body.result.voters).toBe(1)
    expect(tally(first.body.result)).toEqual([
      ['Pho', 1, ['Bob']],
      ['Banh mi', 0, []],
      ['Com tam', 0, []],
    ])
    const changed = await vote(bob, poll._id, [banhMi])
    expect(tally(changed.body.result)).toEqual([
      ['Pho', 0, []],
      ['Banh mi', 1, ['Bob']],
      ['Com tam', 0, []],
    ])
    // Repeating it changes nothing.
    expect(tally((await vote(bob, poll._id, [banhMi])).body.result)).toEqual(tally(changed.body.result))

    const two = await vote(bob, poll._id, [pho, banhMi])
    expect(two.status).toBe(400)
    expect(two.body.message).toBe(SERVER_MESSAGES.pollOneChoice.en)
    const other = await createPoll(owner, generalId)
    const foreign = await vote(bob, poll._id, [other.options[0]!._id])
    expect(foreign.status).toBe(400)
    expect(foreign.body.message).toBe(SERVER_MESSAGES.pollUnknownOption.en)
    // The refused votes left Bob's choice as it was.
    expect((await info(bob, poll._id)).mine).toEqual([banhMi])

    const back = await vote(bob, poll._id, [])
    expect(back.status).toBe(200)
    expect(back.body.result.mine).toEqual([])
    expect(back.body.result.voters).toBe(0)
    expect(tally(back.body.result)).toEqual([
      ['Pho', 0, []],
      ['Banh mi', 0, []],
      ['Com tam', 0, []],
    ])
  })

  it('multiple choice: counts per option, voters in vote order, each person counted once; a kept choice keeps its place', async () => {
    const { people, generalId } = await team('Owner', 'Ann', 'Ben')
    const [owner, ann, ben] = people as [Person, Person, Person]
    const poll = await createPoll(owner, generalId, { multiple: true })
    const [pho, banhMi, comTam] = poll.options.map((o) => o._id) as [string, string, string]
    expect((await vote(ann, poll._id, [pho, banhMi])).status).toBe(200)
    expect((await vote(ben, poll._id, [banhMi])).status).toBe(200)
    const both = await vote(owner, poll._id, [banhMi, comTam])
    expect(both.body.result.voters).toBe(3)
    expect(tally(both.body.result)).toEqual([
      ['Pho', 1, ['Ann']],
      ['Banh mi', 3, ['Ann', 'Ben', 'Owner']],
      ['Com tam', 1, ['Owner']],
    ])
    // Ann drops Pho and keeps Banh mi: still first of its voters.
    const after = await vote(ann, poll._id, [banhMi])
    expect(tally(after.body.result)).toEqual([
      ['Pho', 0, []],
      ['Banh mi', 3, ['Ann', 'Ben', 'Owner']],
      ['Com tam', 1, ['Owner']],
    ])
    expect(after.body.result.mine).toEqual([banhMi])
    expect((await info(owner, poll._id)).mine).toEqual([banhMi, comTam])
    expect((await info(ben, poll._id)).mine).toEqual([banhMi])
  })

  it('an anonymous poll shows counts and the reader’s own choices, never who voted (neither in answers nor on the socket)', async () => {
    const { people, generalId } = await team('Owner', 'Secret', 'Watcher')
    const [owner, secret, watcher] = people as [Person, Person, Person]
    const poll = await createPoll(owner, generalId, { anonymous: true })
    const watcherSocket = await socket(watcher)
    const secretSocket = await socket(secret)
    const seen = nextEvent<unknown>(watcherSocket, 'POLL_CHANGED')
    const own = nextEvent<unknown>(secretSocket, 'POLL_CHANGED')
    const res = await vote(secret, poll._id, [poll.options[1]!._id])
    expect(res.status).toBe(200)
    expect(res.body.result.anonymous).toBe(true)
    expect(res.body.result.mine).toEqual([poll.options[1]!._id])
    expect(tally(res.body.result)).toEqual([
      ['Pho', 0, null],
      ['Banh mi', 1, null],
      ['Com tam', 0, null],
    ])
    const payload = await seen
    expect(payload).not.toHaveProperty('mine')
    expect(JSON.stringify(payload)).not.toContain(secret.user._id)
    expect(JSON.stringify(payload)).not.toContain('Secret')
    expect((payload as { poll: PollView }).poll.voters).toBe(1)
    expect((await own) as { mine: string[] }).toMatchObject({ mine: [poll.options[1]!._id] })
    const read = await info(watcher, poll._id)
    expect(JSON.stringify(read)).not.toContain(secret.user._id)
    expect(read.mine).toEqual([])
  })

  it('concurrent votes by one person end in exactly one of the choices they sent, never a mix', async () => {
    const { people, generalId } = await team('Owner', 'Quick')
    const [owner, quick] = people as [Person, Person]
    const single = await createPoll(owner, generalId, { options: ['a', 'b', 'c', 'd'] })
    const ids = single.options.map((o) => o._id)
    const answers = await Promise.all(Array.from({ length: 12 }, (_, i) => vote(quick, single._id, [ids[i % 4]!])))
    expect(answers.map((a) => a.status)).toEqual(Array(12).fill(200))
    const rows = await chat.server.ctx.db.select().from(pollVotes).where(eq(pollVotes.pollId, single._id))
    expect(rows).toHaveLength(1)
    expect((await info(owner, single._id)).voters).toBe(1)

    const multi = await createPoll(owner, generalId, { options: ['a', 'b', 'c', 'd'], multiple: true })
    const [a, b, c, d] = multi.options.map((o) => o._id) as [string, string, string, string]
    const sets = [[a, b], [c], [b, d], [], [a, b, c, d], [d, a]]
    await Promise.all(sets.flatMap((set) => [vote(quick, multi._id, set), vote(quick, multi._id, set)]))
    const mine = (await chat.server.ctx.db.select().from(pollVotes).where(eq(pollVotes.pollId, multi._id))).map((r) => r.optionId).sort()
    expect(sets.map((set) => [...set].sort())).toContainEqual(mine)
  })
})

describe('new options', () => {
  it('only where the poll allows them (403 pollNoNewOptions); the same text in any case is refused (409 pollOptionTaken)', async () => {
    const { people, generalId } = await team('Owner', 'Bob')
    const [owner, bob] = people as [Person, Person]
    const closed = await createPoll(owner, generalId)
    const no = await bob.api('POST', 'vote/new-option', { poll_id: closed._id, text: 'Bun cha' })
    expect(no.status).toBe(403)
    expect(no.body.message).toBe(SERVER_MESSAGES.pollNoNewOptions.en)

    const poll = await createPoll(owner, generalId, { allow_new_options: true })
    const added = await bob.api('POST', 'vote/new-option', { poll_id: poll._id, text: '  Bun cha ' })
    expect(added.status).toBe(200)
    expect(added.body.result.options.map((o: { text: string }) => o.text)).toEqual(['Pho', 'Banh mi', 'Com tam', 'Bun cha'])
    for (const text of ['BUN CHA', 'pho']) {
      const taken = await bob.api('POST', 'vote/new-option', { poll_id: poll._id, text })
      expect(taken.status).toBe(409)
      expect(taken.body.message).toBe(SERVER_MESSAGES.pollOptionTaken.en)
    }
    // The new option takes votes like the others.
    const bunCha = added.body.result.options[3]._id as string
    expect(tally((await vote(owner, poll._id, [bunCha])).body.result)[3]).toEqual(['Bun cha', 1, ['Owner']])
  })

  it('at most 10 options: two adds racing for the 10th, exactly one wins (the other 409 pollFull), and none after', async () => {
    const { people, generalId } = await team('Owner', 'Ann', 'Ben')
    const [owner, ann, ben] = people as [Person, Person, Person]
    const nine = ['1', '2', '3', '4', '5', '6', '7', '8', '9']
    const poll = await createPoll(owner, generalId, { options: nine, allow_new_options: true })
    const race = await Promise.all([
      ann.api('POST', 'vote/new-option', { poll_id: poll._id, text: 'Ann’s' }),
      ben.api('POST', 'vote/new-option', { poll_id: poll._id, text: 'Ben’s' }),
    ])
    expect(race.map((r) => r.status).sort()).toEqual([200, 409])
    expect(race.find((r) => r.status === 409)!.body.message).toBe(SERVER_MESSAGES.pollFull.en)
    const late = await owner.api('POST', 'vote/new-option', { poll_id: poll._id, text: 'Eleventh' })
    expect(late.status).toBe(409)
    expect(late.body.message).toBe(SERVER_MESSAGES.pollFull.en)
    expect(await chat.server.ctx.db.select().from(pollOptions).where(eq(pollOptions.pollId, poll._id))).toHaveLength(10)
    expect((await info(owner, poll._id)).options).toHaveLength(10)
  })
})

describe('locking and closing', () => {
  it('the creator locks; a plain member may not (403); locked, it refuses votes and options (409 pollLocked); locking again keeps the first time', async () => {
    const { people, generalId } = await team('Owner', 'Creator', 'Member')
    const [, creator, member] = people as [Person, Person, Person]
    const poll = await createPoll(creator, generalId, { allow_new_options: true })
    expect((await vote(member, poll._id, [poll.options[0]!._id])).status).toBe(200)
    expect((await member.api('POST', 'vote/lock', { poll_id: poll._id })).status).toBe(403)
    const locked = await creator.api('POST', 'vote/lock', { poll_id: poll._id })
    expect(locked.status).toBe(200)
    expect(locked.body.result.status).toBe('locked')
    expect(locked.body.result.locked_at).toBe(new Date(clock.now()).toISOString())
    clock.advance(1_000)
    const again = await creator.api('POST', 'vote/lock', { poll_id: poll._id })
    expect(again.status).toBe(200)
    expect(again.body.result.locked_at).toBe(locked.body.result.locked_at)

    for (const res of [
      await vote(member, poll._id, [poll.options[1]!._id]),
      await vote(member, poll._id, []),
      await member.api('POST', 'vote/new-option', { poll_id: poll._id, text: 'Late' }),
    ]) {
      expect(res.status).toBe(409)
      expect(res.body.message).toBe(SERVER_MESSAGES.pollLocked.en)
    }
    // The votes cast before the lock stand.
    expect(tally(await info(member, poll._id))[0]).toEqual(['Pho', 1, ['Member']])
  })

  it('a topic admin (a channel admin) and the topic’s creator lock a member’s poll', async () => {
    const { people, channelId, generalId } = await team('Owner', 'Admin', 'Member')
    const [owner, admin, member] = people as [Person, Person, Person]
    expect((await owner.api('PUT', 'channel/role', { channel_id: channelId, customer_id: admin.user._id, role: 30 })).status).toBe(200)
    const first = await createPoll(member, generalId)
    expect((await admin.api('POST', 'vote/lock', { poll_id: first._id })).body.result.status).toBe('locked')
    const second = await createPoll(member, generalId)
    expect((await owner.api('POST', 'vote/lock', { poll_id: second._id })).body.result.status).toBe('locked')
  })

  it('past closes_at (the server’s clock) the poll is closed: 409 pollClosed for votes and options', async () => {
    const { people, generalId } = await team('Owner', 'Bob')
    const [owner, bob] = people as [Person, Person]
    const closesAt = new Date(clock.now() + 60_000).toISOString()
    const poll = await createPoll(owner, generalId, { closes_at: closesAt, allow_new_options: true })
    expect(poll.closes_at).toBe(closesAt)
    expect(poll.status).toBe('open')
    expect((await vote(bob, poll._id, [poll.options[0]!._id])).status).toBe(200)
    clock.advance(60_000)
    const read = await info(bob, poll._id)
    expect(read.status).toBe('closed')
    expect(read.mine).toEqual([poll.options[0]!._id])
    for (const res of [
      await vote(bob, poll._id, [poll.options[1]!._id]),
      await bob.api('POST', 'vote/new-option', { poll_id: poll._id, text: 'Late' }),
    ]) {
      expect(res.status).toBe(409)
      expect(res.body.message).toBe(SERVER_MESSAGES.pollClosed.en)
    }
    // Locked after closing, it says locked.
    expect((await owner.api('POST', 'vote/lock', { poll_id: poll._id })).body.result.status).toBe('locked')
  })
})

describe('who reaches a poll', () => {
  it('someone not in the poll’s topic gets 404 from every poll call (as for an unknown poll); a poll in their topic is refused 403 to them', async () => {
    const { people, generalId } = await team('Owner')
    const [owner] = people as [Person]
    const stranger = await person(chat.server.url, 'Stranger')
    const poll = await createPoll(owner, generalId, { allow_new_options: true })
    for (const res of [
      await stranger.api('GET', `vote/info?poll_id=${poll._id}`),
      await vote(stranger, poll._id, [poll.options[0]!._id]),
      await stranger.api('POST', 'vote/new-option', { poll_id: poll._id, text: 'Mine' }),
      await stranger.api('POST', 'vote/lock', { poll_id: poll._id }),
      await owner.api('GET', `vote/info?poll_id=${crypto.randomUUID()}`),
    ])
      expect(res.status).toBe(404)
    const into = await stranger.api('POST', 'vote/create', {
      client_id: clientId(),
      topic_id: generalId,
      question: 'Q?',
      options: ['a', 'b'],
    })
    expect(into.status).toBe(403)
    // A text message's id is no poll.
    const text = await owner.api('POST', 'message/send', { client_id: clientId(), topic_id: generalId, message: 'hi' })
    expect((await owner.api('GET', `vote/info?poll_id=${text.body.result._id}`)).status).toBe(404)
  })

  it('a deleted poll is gone (404); its message cannot be edited or forwarded (400)', async () => {
    const { people, channelId, generalId } = await team('Owner', 'Bob')
    const [owner, bob] = people as [Person, Person]
    const poll = await createPoll(owner, generalId)
    expect((await owner.api('PUT', 'message/edit', { message_id: poll._id, message: 'Dinner?' })).status).toBe(400)
    const other = (await owner.api('POST', 'channel/add-topic', { channel_id: channelId, name: 'Other', customer_ids: [bob.user._id] }))
      .body.result._id as string
    const forward = await owner.api('POST', 'message/forward', { message_id: poll._id, topic_ids: [other] })
    expect(forward.status).toBe(400)
    const otherMessages = await owner.api('GET', `topic/messages?topic_id=${other}&page=1`)
    expect(otherMessages.body.result.filter((m: { type: string }) => m.type === 'vote')).toEqual([])
    expect((await info(bob, poll._id)).question).toBe('Lunch?')

    expect((await owner.api('DELETE', 'message/delete', { message_id: poll._id })).status).toBe(200)
    expect((await bob.api('GET', `vote/info?poll_id=${poll._id}`)).status).toBe(404)
    expect((await vote(bob, poll._id, [poll.options[0]!._id])).status).toBe(404)
  })
})

describe('POLL_CHANGED', () => {
  it('goes to every member’s sockets: without mine to the others, with mine (and only that copy) to the voter’s other sockets', async () => {
    const { people, generalId } = await team('Owner', 'Voter', 'Other')
    const [owner, voter, other] = people as [Person, Person, Person]
    const stranger = await person(chat.server.url, 'Stranger')
    const poll = await createPoll(owner, generalId, { multiple: true, allow_new_options: true })
    const [voterTab1, voterTab2, otherSocket, strangerSocket] = await Promise.all([
      socket(voter),
      socket(voter),
      socket(other),
      socket(stranger),
    ])
    const got = new Map<Socket, unknown[]>()
    for (const s of [voterTab1, voterTab2, otherSocket]) {
      got.set(s, [])
      s.on('POLL_CHANGED', (payload: unknown) => got.get(s)!.push(payload))
    }
    const strangerQuiet = silence(strangerSocket, 'POLL_CHANGED', 800)
    const arrived = Promise.all([voterTab1, voterTab2, otherSocket].map((s) => nextEvent(s, 'POLL_CHANGED')))
    const [pho, banhMi] = poll.options.map((o) => o._id) as [string, string]
    expect((await vote(voter, poll._id, [pho, banhMi])).status).toBe(200)
    await arrived
    // Anything else on its way would arrive within this window.
    expect(await silence(otherSocket, 'POLL_CHANGED', 400)).toBe(true)
    expect(await strangerQuiet).toBe(true)

    const [forOther] = got.get(otherSocket)! as { poll: PollView; mine?: string[] }[]
    expect(got.get(otherSocket)).toHaveLength(1)
    expect(forOther).not.toHaveProperty('mine')
    expect(forOther!.poll).not.toHaveProperty('mine')
    expect(forOther!.poll._id).toBe(poll._id)
    expect(forOther!.poll.voters).toBe(1)
    expect(tally(forOther!.poll)).toEqual([
      ['Pho', 1, ['Voter']],
      ['Banh mi', 1, ['Voter']],
      ['Com tam', 0, []],
    ])
    for (const tab of [voterTab1, voterTab2]) {
      expect(got.get(tab)).toHaveLength(1)
      expect(got.get(tab)![0]).toEqual({ poll: forOther!.poll, mine: [pho, banhMi] })
    }

    // A new option and a lock are told the same way.
    const option = nextEvent<{ poll: PollView; mine?: string[] }>(otherSocket, 'POLL_CHANGED')
    const ownOption = nextEvent<{ poll: PollView; mine?: string[] }>(voterTab1, 'POLL_CHANGED')
    expect((await voter.api('POST', 'vote/new-option', { poll_id: poll._id, text: 'Bun bo' })).status).toBe(200)
    expect((await option).poll.options.map((o) => o.text)).toEqual(['Pho', 'Banh mi', 'Com tam', 'Bun bo'])
    expect((await ownOption).mine).toEqual([pho, banhMi])
    const lock = nextEvent<{ poll: PollView; mine?: string[] }>(voterTab2, 'POLL_CHANGED')
    expect((await owner.api('POST', 'vote/lock', { poll_id: poll._id })).status).toBe(200)
    const locked = await lock
    expect(locked.poll.status).toBe('locked')
    expect(locked).not.toHaveProperty('mine')
  })
})
