import { randomUUID } from 'node:crypto'
import { SignJWT } from 'jose'
import { signingKeys } from '../../server/auth/keys'
import { createMediaTokens } from '../../server/auth/media-tokens'
import type { Person } from './chat-fixtures'
import { clientId } from './chat-fixtures'
import { call, FIXTURE_PASSWORD, type TestServer } from './harness'
import { solvedChallenge } from './booking-fixtures'
import { firstNotification, onGrowthPlan, pngBytes, resultOf, upload, verifiedPerson } from './verified-fixtures'

/**
 * The fixture world of the bad-input property test: a caller with things of its own, and things of
 * other people the caller has nothing to do with. The generators draw ids from it by kind.
 */
export const ID_KINDS = [
  'channel',
  'topic',
  'message',
  'media',
  'label',
  'notify',
  'user',
  'mediaKey',
  'poll',
  'emoji',
  'todo',
  'event',
  'bookingPage',
  'booking',
  'scheduled',
] as const
export type IdKind = (typeof ID_KINDS)[number] | 'secret'

export interface World {
  caller: Person
  /** The caller's own things, by kind (each kind's first id is the one the caller uses). */
  own: Record<(typeof ID_KINDS)[number], string[]>
  /** Other people's things the caller may not touch (users are reachable by design: none). */
  foreign: Partial<Record<IdKind, string[]>>
  /** Authorization headers that must not let anyone in. */
  badAuthorizations: string[]
}

/** The JWT secret of the test server, so that tokens can be forged with it. */
export const WORLD_JWT_SECRET = 'bad-input-world-secret-0123456789-abcdefghijklmnop'

const payloadOf = (jwt: string) => JSON.parse(Buffer.from(jwt.split('.')[1]!, 'base64url').toString()) as { sub: string; sid: string }

async function jwt(claims: Record<string, unknown>, sub: string, exp: number | string, secret = WORLD_JWT_SECRET) {
  return new SignJWT(claims)
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(sub)
    .setIssuedAt()
    .setExpirationTime(exp)
    .sign(signingKeys(secret).jwt)
}

/** A new booking page of `owner`'s: UTC, every day 08:00-20:00, no notice (the world lives on the real clock). */
async function bookingPageOf(owner: Person): Promise<string> {
  const availability = [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({ weekday, start: '08:00', end: '20:00' }))
  const body = { client_id: clientId(), title: 'Office hours', time_zone: 'UTC', min_notice_minutes: 0, availability }
  return resultOf('booking/page-create', await owner.api('POST', 'booking/page-create', body))._id as string
}

/** `who`'s booking of the page's first free time. */
async function bookOn(server: TestServer, who: Person, pageId: string): Promise<string> {
  const range = new URLSearchParams({
    page_id: pageId,
    from: new Date().toISOString(),
    to: new Date(Date.now() + 7 * 86_400_000).toISOString(),
  })
  const { slots } = resultOf('booking/slots', await call(server.url, 'GET', `/api/booking/slots?${range}`)) as {
    slots: { start: string }[]
  }
  const body = { page_id: pageId, client_id: clientId(), start: slots[0]!.start, challenge: await solvedChallenge(server.url) }
  return resultOf('booking/request', await who.api('POST', 'booking/request', body)).booking._id as string
}

export async function buildWorld(server: TestServer): Promise<World> {
  // The loner is in no topic at all: their media token opens nobody's file (the other's own token
  // would open the other's file, which a generated request may name with its topic).
  const [caller, friend, other, third, loner] = await Promise.all(
    ['Caller', 'Friend', 'Other', 'Third', 'Loner'].map((name) => verifiedPerson(server, name)),
  )
  await onGrowthPlan(server, caller!.user._id)

  // The caller's channel (owner), its General topic, a message, a private upload, a label and a
  // notification; the friend is a member who mentions the caller (and is mentioned, for a foreign notification).
  const channel = resultOf('channel/create', await caller!.api('POST', 'channel/create', { name: 'Mine', is_public: true }))._id as string
  resultOf('channel/join', await friend!.api('POST', 'channel/join', { channel_id: channel }))
  const topic = (resultOf('topic-in-channel', await caller!.api('GET', `topic-in-channel?channel_id=${channel}`)) as { _id: string }[])[0]!
    ._id
  const message = resultOf(
    'message/send',
    await caller!.api('POST', 'message/send', { client_id: clientId(), topic_id: topic, message: 'mine', mentions: [friend!.user._id] }),
  )._id as string
  resultOf(
    'message/send',
    await friend!.api('POST', 'message/send', { client_id: clientId(), topic_id: topic, message: 'hello', mentions: [caller!.user._id] }),
  )
  // The caller's poll in their topic (a poll's id is its message's: a message id too).
  const poll = resultOf(
    'vote/create',
    await caller!.api('POST', 'vote/create', {
      client_id: clientId(),
      topic_id: topic,
      question: 'Mine?',
      options: ['Yes', 'No'],
      allow_new_options: true,
    }),
  )._id as string
  // The caller's to-do in their topic, assigned to the friend.
  const todo = resultOf(
    'todo/create',
    await caller!.api('POST', 'todo/create', { client_id: clientId(), title: 'Mine', topic_id: topic, assignee_ids: [friend!.user._id] }),
  )._id as string
  // The caller's booking page and a booking on it (the friend's: the caller owns it); the other person's, booked by the third.
  const [bookingPage, theirBookingPage] = await Promise.all([bookingPageOf(caller!), bookingPageOf(other!)])
  const [booking, theirBooking] = await Promise.all([bookOn(server, friend!, bookingPage), bookOn(server, third!, theirBookingPage)])
  const file = resultOf('media/upload', await upload(server, caller!, { bytes: await pngBytes(), name: 'mine.png', topicId: topic })) as {
    _id: string
    key: string
  }
  const label = resultOf('channel/label', await caller!.api('POST', 'channel/label', { channel_id: channel, name: 'Mine' }))._id as string

  // The other person's private channel, topic, message, upload and label, and a 1:1 chat with a third person.
  const theirChannel = resultOf(
    'channel/create',
    await other!.api('POST', 'channel/create', { name: 'Theirs', is_public: false, password: 'their-secret-password' }),
  )._id as string
  const theirTopic = (
    resultOf('topic-in-channel', await other!.api('GET', `topic-in-channel?channel_id=${theirChannel}`)) as { _id: string }[]
  )[0]!._id
  const theirMessage = resultOf(
    'message/send',
    await other!.api('POST', 'message/send', { client_id: clientId(), topic_id: theirTopic, message: 'theirs' }),
  )._id as string
  const theirPoll = resultOf(
    'vote/create',
    await other!.api('POST', 'vote/create', {
      client_id: clientId(),
      topic_id: theirTopic,
      question: 'Theirs?',
      options: ['Yes', 'No'],
      allow_new_options: true,
    }),
  )._id as string
  // The other person's to-dos: one in their topic, one personal.
  const theirTodos = await Promise.all(
    [{ topic_id: theirTopic }, {}].map(
      async (where) =>
        resultOf('todo/create', await other!.api('POST', 'todo/create', { client_id: clientId(), title: 'Theirs', ...where }))
          ._id as string,
    ),
  )
  // The caller's group reminder in their topic; the other person's, one in their topic and one personal.
  const inADay = () => new Date(Date.now() + 86_400_000).toISOString()
  const event = resultOf(
    'calendar/create',
    await caller!.api('POST', 'calendar/create', {
      client_id: clientId(),
      kind: 'reminder',
      title: 'Mine',
      topic_id: topic,
      start: inADay(),
      time_zone: 'UTC',
    }),
  )._id as string
  const theirEvents = await Promise.all(
    [{ topic_id: theirTopic }, {}].map(
      async (where) =>
        resultOf(
          'calendar/create',
          await other!.api('POST', 'calendar/create', {
            client_id: clientId(),
            kind: 'reminder',
            title: 'Theirs',
            start: inADay(),
            time_zone: 'UTC',
            ...where,
          }),
        )._id as string,
    ),
  )
  // The caller's scheduled message in their topic; the other person's in theirs.
  const inAnHour = () => new Date(Date.now() + 3_600_000).toISOString()
  const [scheduled, theirScheduled] = await Promise.all(
    [
      [caller!, topic],
      [other!, theirTopic],
    ].map(
      async ([who, where]) =>
        resultOf(
          'scheduled/create',
          await (who as Person).api('POST', 'scheduled/create', {
            client_id: clientId(),
            topic_id: where as string,
            message: 'Later',
            send_at: inAnHour(),
          }),
        )._id as string,
    ),
  )
  const theirFile = resultOf(
    'media/upload',
    await upload(server, other!, { bytes: await pngBytes(), name: 'theirs.png', topicId: theirTopic }),
  ) as { _id: string; key: string }
  const theirLabel = resultOf('channel/label', await other!.api('POST', 'channel/label', { channel_id: theirChannel, name: 'Theirs' }))
    ._id as string
  // A custom emoji of the caller's channel, and one of the other person's (each from a public image upload of its admin).
  const emojiOf = async (who: Person, channelId: string, shortcode: string) => {
    const image = resultOf('media/upload', await upload(server, who, { bytes: await pngBytes(), name: `${shortcode}.png`, acl: 'public' }))
    return resultOf('emoji/create', await who.api('POST', 'emoji/create', { channel_id: channelId, shortcode, media_id: image._id }))
      ._id as string
  }
  const [emoji, theirEmoji] = await Promise.all([emojiOf(caller!, channel, 'mine'), emojiOf(other!, theirChannel, 'theirs')])
  const theirChat = resultOf('topic/chat-friend', await other!.api('GET', `topic/chat-friend?customer_id=${third!.user._id}`))._id as string
  const [ownNotification, theirNotification] = await Promise.all([firstNotification(caller!), firstNotification(friend!)])

  // Tokens that must not authenticate: a logged-out session's, forged, expired, mismatched, malformed.
  const ended = await call(server.url, 'POST', '/api/auth/login', { body: { email: caller!.email, password: FIXTURE_PASSWORD } })
  const endedTokens = resultOf('login', ended) as { access_token: string; refresh_token: string }
  resultOf('logout', await call(server.url, 'POST', '/api/auth/logout', { token: endedTokens.access_token, body: {} }))
  const { sub, sid } = payloadOf(caller!.access_token)
  const bearer = (token: string) => `Bearer ${token}`
  const badAuthorizations = [
    '',
    'Bearer',
    'Bearer ',
    bearer('not.a.jwt'),
    bearer(endedTokens.access_token),
    bearer(endedTokens.refresh_token),
    bearer(caller!.refresh_token),
    bearer(`${caller!.access_token}x`),
    bearer(await jwt({ sid }, sub, '15m', 'some-other-secret-some-other-secret-0123')),
    bearer(await jwt({ sid }, sub, Math.floor(Date.now() / 1000) - 60)),
    bearer(await jwt({ sid }, other!.user._id, '15m')),
    bearer(await jwt({ sid: randomUUID() }, sub, '15m')),
    bearer(await jwt({}, sub, '15m')),
    bearer(`${Buffer.from('{"alg":"none"}').toString('base64url')}.${Buffer.from(JSON.stringify({ sub, sid })).toString('base64url')}.`),
    `Basic ${Buffer.from(`${caller!.email}:${FIXTURE_PASSWORD}`).toString('base64')}`,
    caller!.access_token,
  ]

  // Media tokens that must not open the caller's files: expired, signed with another secret, its MAC
  // moved to another reader or another expiry, cut short, and another person's (in no topic).
  const soon = Math.floor(Date.now() / 1000) + 15 * 60
  const [, callerExpire, callerMac] = caller!.media_token.split('.')
  const badMediaTokens = [
    createMediaTokens(signingKeys(WORLD_JWT_SECRET).media).sign(sub, Math.floor(Date.now() / 1000) - 60),
    createMediaTokens(signingKeys('some-other-secret-some-other-secret-0123').media).sign(sub, soon),
    `${other!.user._id}.${callerExpire}.${callerMac}`,
    `${sub}.${Number(callerExpire) + 1}.${callerMac}`,
    `${sub}.${callerExpire}`,
    loner!.media_token,
  ]

  return {
    caller: caller!,
    own: {
      channel: [channel],
      topic: [topic],
      message: [message],
      media: [file._id],
      label: [label],
      notify: [ownNotification],
      user: [caller!.user._id],
      mediaKey: [file.key],
      poll: [poll],
      emoji: [emoji],
      todo: [todo],
      event: [event],
      bookingPage: [bookingPage],
      booking: [booking],
      scheduled: [scheduled!],
    },
    foreign: {
      channel: [theirChannel],
      topic: [theirTopic, theirChat],
      message: [theirMessage],
      media: [theirFile._id],
      label: [theirLabel],
      notify: [theirNotification],
      mediaKey: [theirFile.key],
      poll: [theirPoll],
      emoji: [theirEmoji],
      todo: theirTodos,
      event: theirEvents,
      bookingPage: [theirBookingPage],
      booking: [theirBooking],
      scheduled: [theirScheduled!],
      secret: badMediaTokens,
    },
    badAuthorizations,
  }
}
