import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Socket } from 'socket.io-client'
import type { SettingsChangedPayload } from '../../contract'
import { call, nextEvent, silence, startTestServer, statementRecorder, type TestServer } from './harness'
import { channelWith, clientId, type Person, person, socketOf } from './chat-fixtures'

/**
 * Friends, contacts, privacy and blocking (spec sections 4 and 6): the friend lifecycle with its
 * notifications, idempotency, crossing requests, the only-friends settings for chat and invites
 * (403 for a stranger, allowed for a friend), the call policy, blocking, and archived friends (one
 * side's view: out of the contact list, still a friend).
 */
let server: TestServer
let base: string
const statements = statementRecorder()

beforeAll(async () => {
  server = await startTestServer({ onQuery: statements.onQuery })
  base = server.url
})
afterAll(() => server.stop())

const people = (...names: string[]) => Promise.all(names.map((name) => person(base, name)))

async function relate(who: Person, action: string, other: Person) {
  return who.api('POST', `relates/${action}`, { customer_id: other.user._id })
}
const ok = async (who: Person, action: string, other: Person) => {
  const res = await relate(who, action, other)
  expect(res.status, `${action}: ${JSON.stringify(res.body)}`).toBe(200)
  return res.body.result as { _id: string; friend_status: number; incoming: boolean; blocked: boolean }
}
const lookup = async (who: Person, other: Person) => (await who.api('GET', `workid/customer?workid=${other.user.workid}`)).body.result
const ids = (res: { body: { result: { _id: string }[] } }) => res.body.result.map((p) => p._id)
const friendNotifications = async (who: Person) =>
  (
    (await who.api('GET', 'notify?page=1')).body.result as {
      notifiable_type: string
      friend_status: number
      customer: { _id: string } | null
    }[]
  ).filter((n) => n.notifiable_type === 'friend')
const setPrivacy = async (who: Person, field: string, value: 0 | 1) =>
  expect((await who.api('PUT', 'customer/update-profile', { [field]: value })).status).toBe(200)

describe('the friend lifecycle', () => {
  it('a request notifies the addressee (friend_status 1), shows as requested and incoming; accepting makes both friends and notifies the requester (3)', async () => {
    const [ann, bao] = await people('Ann', 'Bao')
    expect(await lookup(ann, bao)).toMatchObject({
      _id: bao.user._id,
      name: 'Bao',
      workid: bao.user.workid,
      friend_status: 0,
      incoming: false,
      blocked: false,
      only_friends_message: false,
    })

    expect(await ok(ann, 'add-friend', bao)).toMatchObject({ friend_status: 1, incoming: false })
    expect(await lookup(bao, ann)).toMatchObject({ friend_status: 0, incoming: true })
    const requests = await friendNotifications(bao)
    expect(requests).toHaveLength(1)
    expect(requests[0]).toMatchObject({ friend_status: 1, customer: { _id: ann.user._id } })
    expect(ids(await bao.api('GET', 'relates/list-friend?page=1'))).toEqual([ann.user._id])
    expect(ids(await ann.api('GET', 'relates/list-friend?page=1'))).toEqual([])

    expect(await ok(bao, 'accept-friend', ann)).toMatchObject({ friend_status: 3, incoming: false })
    expect(await lookup(ann, bao)).toMatchObject({ friend_status: 3 })
    // Bao's request item stays in the history, now friends (3); Ann is told.
    const kept = await friendNotifications(bao)
    expect(kept).toHaveLength(1)
    expect(kept[0]).toMatchObject({ friend_status: 3, customer: { _id: ann.user._id } })
    const accepted = await friendNotifications(ann)
    expect(accepted).toHaveLength(1)
    expect(accepted[0]).toMatchObject({ friend_status: 3, customer: { _id: bao.user._id } })
    expect(ids(await bao.api('GET', 'relates/list-friend?page=1'))).toEqual([])
    expect(ids(await ann.api('GET', 'workid/list-friends?status=2'))).toEqual([bao.user._id])
    expect(ids(await bao.api('GET', 'contact?page=1'))).toEqual([ann.user._id])
  })

  it('sending twice and accepting twice are no errors and leave one friendship', async () => {
    const [ann, bao] = await people('Ann', 'Bao')
    await ok(ann, 'add-friend', bao)
    await ok(ann, 'add-friend', bao)
    expect(await friendNotifications(bao)).toHaveLength(1)
    await ok(bao, 'accept-friend', ann)
    expect(await ok(bao, 'accept-friend', ann)).toMatchObject({ friend_status: 3 })
    expect(await ok(ann, 'add-friend', bao)).toMatchObject({ friend_status: 3 })
    expect(ids(await ann.api('GET', 'workid/list-friends?status=2'))).toEqual([bao.user._id])
    expect(await friendNotifications(ann)).toHaveLength(1)
  })

  it('a request to someone who already asked me accepts theirs', async () => {
    const [ann, bao] = await people('Ann', 'Bao')
    await ok(ann, 'add-friend', bao)
    expect(await ok(bao, 'add-friend', ann)).toMatchObject({ friend_status: 3 })
    expect(await lookup(ann, bao)).toMatchObject({ friend_status: 3 })
    // Ann's request stays in Bao's history, now saying they are friends.
    expect(await friendNotifications(bao)).toMatchObject([{ friend_status: 3, customer: { _id: ann.user._id } }])
  })

  it('concurrent crossing requests leave exactly one friendship', async () => {
    for (let round = 0; round < 4; round++) {
      const [ann, bao] = await people('Ann', 'Bao')
      const answers = await Promise.all([relate(ann, 'add-friend', bao), relate(bao, 'add-friend', ann)])
      expect(answers.map((a) => a.status)).toEqual([200, 200])
      // Whoever came second accepted the first one's request.
      expect(await lookup(ann, bao)).toMatchObject({ friend_status: 3 })
      expect(ids(await ann.api('GET', 'contact?page=1'))).toEqual([bao.user._id])
      expect(ids(await bao.api('GET', 'contact?page=1'))).toEqual([ann.user._id])
      expect(ids(await ann.api('GET', 'relates/list-friend?page=1'))).toEqual([])
      expect(ids(await bao.api('GET', 'relates/list-friend?page=1'))).toEqual([])
    }
  })

  it('cancel withdraws my request and its notification; reject removes theirs; both are idempotent', async () => {
    const [ann, bao] = await people('Ann', 'Bao')
    await ok(ann, 'add-friend', bao)
    expect(await ok(ann, 'cancel-friend', bao)).toMatchObject({ friend_status: 0, incoming: false })
    expect(await ok(ann, 'cancel-friend', bao)).toMatchObject({ friend_status: 0 })
    expect(await friendNotifications(bao)).toHaveLength(0)
    expect(await lookup(bao, ann)).toMatchObject({ incoming: false })

    await ok(ann, 'add-friend', bao)
    expect(await ok(bao, 'no-friend', ann)).toMatchObject({ friend_status: 0, incoming: false })
    expect(await ok(bao, 'no-friend', ann)).toMatchObject({ friend_status: 0 })
    expect(await friendNotifications(bao)).toHaveLength(0)
    expect(await lookup(ann, bao)).toMatchObject({ friend_status: 0 })
    // Accepting a request that is not there.
    const res = await relate(bao, 'accept-friend', ann)
    expect(res.status).toBe(404)
    expect(res.body.message).toBe('There is no friend request from this person.')
  })

  it('unfriend ends the friendship for both; twice is no error', async () => {
    const [ann, bao] = await people('Ann', 'Bao')
    await ok(ann, 'add-friend', bao)
    await ok(bao, 'accept-friend', ann)
    expect(await ok(bao, 'unfriend', ann)).toMatchObject({ friend_status: 0 })
    expect(await ok(bao, 'unfriend', ann)).toMatchObject({ friend_status: 0 })
    expect(await lookup(ann, bao)).toMatchObject({ friend_status: 0, incoming: false })
    expect(ids(await ann.api('GET', 'contact?page=1'))).toEqual([])
  })

  it('bad input: myself is 400, an unknown person 404, a missing field 400 with its message', async () => {
    const [ann] = await people('Ann')
    const self = await relate(ann, 'add-friend', ann)
    expect(self.status).toBe(400)
    expect(self.body.errors.customer_id).toEqual(['You cannot do this with your own account.'])
    expect((await ann.api('POST', 'relates/add-friend', { customer_id: 'no-such-person' })).status).toBe(404)
    const missing = await ann.api('POST', 'relates/accept-friend', {})
    expect(missing.status).toBe(400)
    expect(missing.body.errors.customer_id).toBeDefined()
    expect((await ann.api('GET', 'workid/list-friends?status=1')).status).toBe(400)
    expect((await ann.api('GET', 'workid/customer?workid=nobody-here')).status).toBe(404)
  })

  it('the contact list pages by 20 in name order', async () => {
    const [me] = await people('Me')
    const friends = await people(...Array.from({ length: 21 }, (_, i) => `Friend ${String(i).padStart(2, '0')}`))
    for (const f of friends) {
      await ok(f, 'add-friend', me)
      await ok(me, 'accept-friend', f)
    }
    const first = await me.api('GET', 'contact?page=1')
    const second = await me.api('GET', 'contact?page=2')
    expect(first.body.result).toHaveLength(20)
    expect(first.body.result[0]).toEqual({ _id: friends[0]!.user._id, name: 'Friend 00', workid: friends[0]!.user.workid, photo_url: null })
    expect(ids(second)).toEqual([friends[20]!.user._id])
    expect((await me.api('GET', 'workid/list-friends?status=2')).body.result).toHaveLength(21)
  })
})

describe('archived friends', () => {
  const friends = async (a: Person, b: Person) => {
    await ok(a, 'add-friend', b)
    await ok(b, 'accept-friend', a)
  }

  it('archiving moves a friend from my contact list to my archived list only: the other side, the pickers and the privacy rules still see friends', async () => {
    const [ann, bao, cam] = await people('Ann', 'Bao', 'Cam')
    await friends(ann, bao)
    await friends(ann, cam)
    expect(ids(await ann.api('GET', 'contact?page=1'))).toEqual([bao.user._id, cam.user._id])

    const archived = await relate(ann, 'archive', bao)
    expect(archived.status).toBe(200)
    expect(archived.body.result).toEqual({ _id: bao.user._id, archived: true })
    expect(ids(await ann.api('GET', 'contact?page=1'))).toEqual([cam.user._id])
    expect((await ann.api('GET', 'relates/list-archived?page=1')).body.result).toEqual([
      { _id: bao.user._id, name: 'Bao', workid: bao.user.workid, photo_url: null },
    ])
    // Still friends: the friend pickers list Bao, the profile says friends.
    expect(ids(await ann.api('GET', 'workid/list-friends?status=2'))).toEqual([bao.user._id, cam.user._id])
    expect(await lookup(ann, bao)).toMatchObject({ friend_status: 3 })

    // Bao sees nothing change.
    expect(ids(await bao.api('GET', 'contact?page=1'))).toEqual([ann.user._id])
    expect(ids(await bao.api('GET', 'relates/list-archived?page=1'))).toEqual([])
    expect(await lookup(bao, ann)).toMatchObject({ friend_status: 3 })

    // Bao lets only friends message him: his profile says so (Ann's Unfriend warns, a stranger's Message is not offered);
    // Ann, archived or not, is a friend and gets the chat.
    await setPrivacy(bao, 'only_friend_chat', 1)
    expect(await lookup(ann, bao)).toMatchObject({ only_friends_message: true })
    const chat = await ann.api('GET', `topic/chat-friend?customer_id=${bao.user._id}`)
    expect(chat.status).toBe(200)
    expect(
      (await ann.api('POST', 'message/send', { client_id: clientId(), topic_id: chat.body.result._id, message: 'still here' })).status,
    ).toBe(200)
  })

  it('archive and unarchive are idempotent; unarchive brings the friend back to the contact list', async () => {
    const [ann, bao] = await people('Ann', 'Bao')
    await friends(ann, bao)
    await ok(ann, 'archive', bao)
    expect(await ok(ann, 'archive', bao)).toEqual({ _id: bao.user._id, archived: true })
    expect(ids(await ann.api('GET', 'relates/list-archived?page=1'))).toEqual([bao.user._id])
    expect(ids(await ann.api('GET', 'contact?page=1'))).toEqual([])

    expect(await ok(ann, 'unarchive', bao)).toEqual({ _id: bao.user._id, archived: false })
    expect(await ok(ann, 'unarchive', bao)).toEqual({ _id: bao.user._id, archived: false })
    expect(ids(await ann.api('GET', 'relates/list-archived?page=1'))).toEqual([])
    expect(ids(await ann.api('GET', 'contact?page=1'))).toEqual([bao.user._id])
  })

  it('both sides archive each other independently', async () => {
    const [ann, bao] = await people('Ann', 'Bao')
    await friends(ann, bao)
    await ok(ann, 'archive', bao)
    await ok(bao, 'archive', ann)
    expect(ids(await ann.api('GET', 'relates/list-archived?page=1'))).toEqual([bao.user._id])
    expect(ids(await bao.api('GET', 'relates/list-archived?page=1'))).toEqual([ann.user._id])
    await ok(bao, 'unarchive', ann)
    expect(ids(await bao.api('GET', 'contact?page=1'))).toEqual([ann.user._id])
    expect(ids(await ann.api('GET', 'relates/list-archived?page=1'))).toEqual([bao.user._id])
    expect(ids(await ann.api('GET', 'contact?page=1'))).toEqual([])
  })

  it('the archive mark ends with the friendship: unfriend or block, then friends again, and the friend is back in the contact list', async () => {
    const [ann, bao, cam] = await people('Ann', 'Bao', 'Cam')
    await friends(ann, bao)
    await ok(ann, 'archive', bao)
    await ok(bao, 'unfriend', ann)
    expect(ids(await ann.api('GET', 'relates/list-archived?page=1'))).toEqual([])
    await friends(bao, ann)
    expect(ids(await ann.api('GET', 'contact?page=1'))).toEqual([bao.user._id])
    expect(ids(await ann.api('GET', 'relates/list-archived?page=1'))).toEqual([])

    await friends(ann, cam)
    await ok(ann, 'archive', cam)
    await ok(ann, 'block', cam)
    expect(ids(await ann.api('GET', 'relates/list-archived?page=1'))).toEqual([])
    await ok(ann, 'unblock', cam)
    await friends(cam, ann)
    expect(ids(await ann.api('GET', 'contact?page=1'))).toEqual([bao.user._id, cam.user._id])
    expect(ids(await ann.api('GET', 'relates/list-archived?page=1'))).toEqual([])
  })

  it('only a friend can be archived: a stranger or a pending request is 404 with the reason; unarchiving a non-friend changes nothing', async () => {
    const [ann, bao, cam] = await people('Ann', 'Bao', 'Cam')
    const stranger = await relate(ann, 'archive', bao)
    expect(stranger.status).toBe(404)
    expect(stranger.body.message).toBe('Only friends can be archived. This person is not your friend.')
    await ok(ann, 'add-friend', cam)
    for (const [who, other] of [
      [ann, cam],
      [cam, ann],
    ] as const) {
      const pending = await relate(who, 'archive', other)
      expect(pending.status).toBe(404)
      expect(pending.body.message).toBe('Only friends can be archived. This person is not your friend.')
    }
    // In Vietnamese too.
    const vi = await call(base, 'POST', '/api/relates/archive', {
      token: ann.access_token,
      body: { customer_id: bao.user._id },
      headers: { 'accept-language': 'vi' },
    })
    expect(vi.status).toBe(404)
    expect(vi.body.message).toBe('Chỉ có thể lưu trữ bạn bè. Người này không phải là bạn bè của bạn.')
    expect(await ok(ann, 'unarchive', bao)).toEqual({ _id: bao.user._id, archived: false })
    // Accepted later, Cam is a friend in the contact list, not archived.
    await ok(cam, 'accept-friend', ann)
    expect(ids(await ann.api('GET', 'contact?page=1'))).toEqual([cam.user._id])
    expect(ids(await ann.api('GET', 'relates/list-archived?page=1'))).toEqual([])

    const self = await relate(ann, 'archive', ann)
    expect(self.status).toBe(400)
    expect(self.body.errors.customer_id).toEqual(['You cannot do this with your own account.'])
    expect((await ann.api('POST', 'relates/unarchive', { customer_id: 'no-such-person' })).status).toBe(404)
    expect((await ann.api('GET', 'relates/list-archived?page=0')).status).toBe(400)
  })

  it('archive and unarchive reach every socket of the archiver as SETTINGS_CHANGED contacts; the friend and a stranger hear nothing; a refused archive announces nothing', async () => {
    const [ann, bao, cam] = await people('Ann', 'Bao', 'Cam')
    await friends(ann, bao)
    const tabs: Socket[] = await Promise.all([socketOf(base, ann), socketOf(base, ann), socketOf(base, bao), socketOf(base, cam)])
    const [annA, annB, baoTab, camTab] = tabs
    try {
      for (const action of ['archive', 'unarchive']) {
        const heard = [annA, annB].map((tab) => nextEvent<SettingsChangedPayload>(tab!, 'SETTINGS_CHANGED'))
        const quiet = [baoTab, camTab].map((tab) => silence(tab!, 'SETTINGS_CHANGED'))
        await ok(ann, action, bao)
        expect(await Promise.all(heard), action).toEqual([{ area: 'contacts' }, { area: 'contacts' }])
        expect(await Promise.all(quiet), action).toEqual([true, true])
      }
      // Cam is no friend of Ann's: 404, and no tab of Ann's hears of it.
      const quiet = silence(annB!, 'SETTINGS_CHANGED')
      expect((await relate(ann, 'archive', cam)).status).toBe(404)
      expect(await quiet).toBe(true)
    } finally {
      for (const tab of tabs) tab.disconnect()
    }
  })

  it('a request, its answer, an unfriend and a block reach both people’s sockets as SETTINGS_CHANGED contacts; a third person hears nothing', async () => {
    const [ann, bao, cam] = await people('Ann', 'Bao', 'Cam')
    const tabs: Socket[] = await Promise.all([socketOf(base, ann), socketOf(base, bao), socketOf(base, cam)])
    const [annTab, baoTab, camTab] = tabs
    try {
      const steps: [Person, string, Person][] = [
        [ann, 'add-friend', bao],
        [bao, 'accept-friend', ann],
        [ann, 'unfriend', bao],
        [bao, 'block', ann],
        [bao, 'unblock', ann],
      ]
      for (const [who, action, whom] of steps) {
        const heard = [annTab, baoTab].map((tab) => nextEvent<SettingsChangedPayload>(tab!, 'SETTINGS_CHANGED'))
        const quiet = silence(camTab!, 'SETTINGS_CHANGED')
        await ok(who, action, whom)
        expect(await Promise.all(heard), action).toEqual([{ area: 'contacts' }, { area: 'contacts' }])
        expect(await quiet, action).toBe(true)
      }
    } finally {
      for (const tab of tabs) tab.disconnect()
    }
  })

  it('the archived list pages by 20, the most recently archived first', async () => {
    const [me] = await people('Me')
    const many = await people(...Array.from({ length: 21 }, (_, i) => `Archived ${String(i).padStart(2, '0')}`))
    for (const f of many) await friends(f, me)
    for (const f of many) await ok(me, 'archive', f)
    const first = await me.api('GET', 'relates/list-archived?page=1')
    const second = await me.api('GET', 'relates/list-archived?page=2')
    expect(ids(first)).toEqual(
      many
        .slice(1)
        .reverse()
        .map((f) => f.user._id),
    )
    expect(ids(second)).toEqual([many[0]!.user._id])
    expect(ids(await me.api('GET', 'contact?page=1'))).toEqual([])
    expect((await me.api('GET', 'workid/list-friends?status=2')).body.result).toHaveLength(21)
  })
})

describe('privacy enforced by the server', () => {
  it('only_friend_chat: a stranger cannot open a 1:1 chat (403, clear message); a friend can; a stranger cannot write in an old chat', async () => {
    const [bao, stranger, friend, earlier] = await people('Bao', 'Stranger', 'Friend', 'Earlier')
    // A chat started before the switch was turned on.
    const old = await earlier.api('GET', `topic/chat-friend?customer_id=${bao.user._id}`)
    expect(old.status).toBe(200)
    await ok(friend, 'add-friend', bao)
    await ok(bao, 'accept-friend', friend)
    await setPrivacy(bao, 'only_friend_chat', 1)

    const refused = await stranger.api('GET', `topic/chat-friend?customer_id=${bao.user._id}`)
    expect(refused.status).toBe(403)
    expect(refused.body.message).toBe('This person only accepts messages from friends. Send them a friend request first.')
    const chat = await friend.api('GET', `topic/chat-friend?customer_id=${bao.user._id}`)
    expect(chat.status).toBe(200)
    expect(
      (await friend.api('POST', 'message/send', { client_id: clientId(), topic_id: chat.body.result._id, message: 'hi' })).status,
    ).toBe(200)

    const late = await earlier.api('POST', 'message/send', {
      client_id: clientId(),
      topic_id: old.body.result._id,
      message: 'still there?',
    })
    expect(late.status).toBe(403)
    expect(late.body.message).toBe('This person only accepts messages from friends. Send them a friend request first.')
    // Bao may still answer; turning the switch off lets Earlier write again.
    expect((await bao.api('POST', 'message/send', { client_id: clientId(), topic_id: old.body.result._id, message: 'yes' })).status).toBe(
      200,
    )
    await setPrivacy(bao, 'only_friend_chat', 0)
    expect(
      (await earlier.api('POST', 'message/send', { client_id: clientId(), topic_id: old.body.result._id, message: 'good' })).status,
    ).toBe(200)
  })

  it('only_friend_invite_topic: a stranger cannot create a group with them or add them (403); a friend can', async () => {
    const [owner, shy, friend, stranger] = await people('Owner', 'Shy', 'Friend', 'Stranger')
    const { channelId } = await channelWith(owner, [shy, friend, stranger])
    await ok(friend, 'add-friend', shy)
    await ok(shy, 'accept-friend', friend)
    await setPrivacy(shy, 'only_friend_invite_topic', 1)

    const created = await stranger.api('POST', 'channel/add-topic', { channel_id: channelId, name: 'Side', customer_ids: [shy.user._id] })
    expect(created.status).toBe(403)
    expect(created.body.message).toBe('Only friends may add this person to groups and topics.')
    const group = await stranger.api('POST', 'channel/add-topic', { channel_id: channelId, name: 'Side' })
    expect(group.status).toBe(200)
    const added = await stranger.api('POST', 'topic/member', { topic_id: group.body.result._id, customer_ids: [shy.user._id] })
    expect(added.status).toBe(403)
    expect(added.body.message).toBe('Only friends may add this person to groups and topics.')
    const info = await stranger.api('GET', `topic/info?topic_id=${group.body.result._id}`)
    expect(info.body.result.customers.map((c: { _id: string }) => c._id)).not.toContain(shy.user._id)

    expect(
      (await friend.api('POST', 'channel/add-topic', { channel_id: channelId, name: 'Friends', customer_ids: [shy.user._id] })).status,
    ).toBe(200)
    expect((await stranger.api('POST', 'topic/member', { topic_id: group.body.result._id, customer_ids: [friend.user._id] })).status).toBe(
      200,
    )
  })

  it('mayCall: only_friend_call refuses strangers, allows friends; a block refuses everyone it names', async () => {
    const relates = server.services.relates
    const [callee, friend, stranger] = await people('Callee', 'Friend', 'Stranger')
    expect(await relates.mayCall(stranger.user._id, callee.user._id)).toEqual({ allowed: true })
    await setPrivacy(callee, 'only_friend_call', 1)
    expect(await relates.mayCall(stranger.user._id, callee.user._id)).toEqual({ allowed: false, reason: 'friendsOnly' })
    await ok(friend, 'add-friend', callee)
    expect(await relates.mayCall(friend.user._id, callee.user._id)).toEqual({ allowed: false, reason: 'friendsOnly' })
    await ok(callee, 'accept-friend', friend)
    expect(await relates.mayCall(friend.user._id, callee.user._id)).toEqual({ allowed: true })
    await setPrivacy(callee, 'only_friend_call', 0)
    await ok(callee, 'block', stranger)
    expect(await relates.mayCall(stranger.user._id, callee.user._id)).toEqual({ allowed: false, reason: 'blocked' })
    // The blocker may still call out.
    expect(await relates.mayCall(callee.user._id, stranger.user._id)).toEqual({ allowed: true })
  })
})

describe('blocking', () => {
  it('ends the friendship; the blocked person cannot befriend, open a chat, write in the old one or add the blocker to a group; unblock restores', async () => {
    const [blocker, blocked, owner] = await people('Blocker', 'Blocked', 'Owner')
    const { channelId } = await channelWith(owner, [blocker, blocked])
    await ok(blocked, 'add-friend', blocker)
    await ok(blocker, 'accept-friend', blocked)
    const chat = (await blocked.api('GET', `topic/chat-friend?customer_id=${blocker.user._id}`)).body.result._id as string

    expect(await ok(blocker, 'block', blocked)).toMatchObject({ blocked: true, friend_status: 0 })
    expect(await ok(blocker, 'block', blocked)).toMatchObject({ blocked: true })
    expect(ids(await blocker.api('GET', 'relates/list-block?page=1'))).toEqual([blocked.user._id])
    expect(ids(await blocked.api('GET', 'contact?page=1'))).toEqual([])
    // What the blocked person sees of the blocker says nothing of the block.
    expect(await lookup(blocked, blocker)).toMatchObject({ friend_status: 0, blocked: false, incoming: false })

    const request = await relate(blocked, 'add-friend', blocker)
    expect(request.status).toBe(403)
    expect(request.body.message).toBe('You cannot contact this person.')
    // No new request reaches the blocker (only the old accepted one stays in the history).
    expect(await friendNotifications(blocker)).toMatchObject([{ friend_status: 3 }])
    const open = await blocked.api('GET', `topic/chat-friend?customer_id=${blocker.user._id}`)
    expect(open.status).toBe(403)
    expect(open.body.message).toBe('You cannot contact this person.')
    const send = await blocked.api('POST', 'message/send', { client_id: clientId(), topic_id: chat, message: 'hello?' })
    expect(send.status).toBe(403)
    expect(send.body.message).toBe('You cannot contact this person.')
    const group = await blocked.api('POST', 'channel/add-topic', { channel_id: channelId, name: 'Trap', customer_ids: [blocker.user._id] })
    expect(group.status).toBe(403)
    // The blocker still writes in their chat.
    expect((await blocker.api('POST', 'message/send', { client_id: clientId(), topic_id: chat, message: 'bye' })).status).toBe(200)

    expect(await ok(blocker, 'unblock', blocked)).toMatchObject({ blocked: false })
    expect(await ok(blocker, 'unblock', blocked)).toMatchObject({ blocked: false })
    expect(ids(await blocker.api('GET', 'relates/list-block?page=1'))).toEqual([])
    expect((await blocked.api('POST', 'message/send', { client_id: clientId(), topic_id: chat, message: 'hi again' })).status).toBe(200)
    expect((await relate(blocked, 'add-friend', blocker)).status).toBe(200)
  })

  it('blocking someone who asked me drops their request and its notification', async () => {
    const [ann, bao] = await people('Ann', 'Bao')
    await ok(ann, 'add-friend', bao)
    await ok(bao, 'block', ann)
    expect(await friendNotifications(bao)).toHaveLength(0)
    expect(ids(await bao.api('GET', 'relates/list-friend?page=1'))).toEqual([])
    expect(await lookup(ann, bao)).toMatchObject({ friend_status: 0 })
  })
})

describe('hot paths and limits', () => {
  /** The statements one request runs (a call just before keeps the caller's session check cached). */
  async function statementsOf(who: Person, url: string): Promise<number> {
    const run = async () => expect((await who.api('GET', url)).status).toBe(200)
    return (await statements.statementsOf(run, () => who.api('GET', 'customer/user-info'))).length
  }

  it('the contact list, the requests, the archived and the blocked list run one statement, for 1 person or for 20', async () => {
    const [few, many] = await people('Few', 'Many')
    const others = await people(...Array.from({ length: 20 }, (_, i) => `Other ${i}`))
    for (const [i, other] of others.entries()) {
      await ok(other, 'add-friend', many)
      if (i < 10) await ok(many, 'accept-friend', other)
      else await ok(many, 'block', other)
      if (i < 4) await ok(many, 'archive', other)
    }
    const more = await people(...Array.from({ length: 20 }, (_, i) => `Asker ${i}`))
    for (const asker of more) await ok(asker, 'add-friend', many)
    await ok(others[0]!, 'add-friend', few)
    await ok(few, 'accept-friend', others[0]!)
    await ok(more[0]!, 'add-friend', few)
    await ok(few, 'block', more[1]!)
    await ok(few, 'archive', others[0]!)
    for (const url of [
      'contact?page=1',
      'relates/list-friend?page=1',
      'relates/list-block?page=1',
      'relates/list-archived?page=1',
      'workid/list-friends?status=2',
    ]) {
      const small = await statementsOf(few, url)
      const large = await statementsOf(many, url)
      expect(large, url).toBe(small)
      expect(large, url).toBeLessThanOrEqual(1)
    }
  })

  it('friend requests and answers, archive and unarchive count against the relate rule (429 past it)', async () => {
    const limited = await startTestServer({ rateLimits: { relate: { max: 2 } } })
    try {
      const [ann, bao, cam] = await Promise.all(['Ann', 'Bao', 'Cam'].map((name) => person(limited.url, name)))
      const ask = (who: Person, other: Person) =>
        call(limited.url, 'POST', '/api/relates/add-friend', { token: who.access_token, body: { customer_id: other.user._id } })
      expect((await ask(ann!, bao!)).status).toBe(200)
      expect((await ask(ann!, cam!)).status).toBe(200)
      const over = await ask(ann!, bao!)
      expect(over.status).toBe(429)
      expect(over.headers.get('retry-after')).toBeTruthy()
      // Archiving and unarchiving spend the same budget.
      for (const action of ['archive', 'unarchive'])
        expect(
          (await call(limited.url, 'POST', `/api/relates/${action}`, { token: ann!.access_token, body: { customer_id: bao!.user._id } }))
            .status,
        ).toBe(429)
      // Another person has a budget of their own.
      expect((await ask(bao!, cam!)).status).toBe(200)
    } finally {
      await limited.stop()
    }
  })
})
