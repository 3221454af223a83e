import { describe, expect, it } from 'vitest'
import { createActor, fromPromise, waitFor } from 'xstate'
import {
  connect,
  connectBadge,
  sortTopics,
  topicListMachine,
  type TopicItem,
  type TopicListEvent,
  withDrafts,
} from '../../../src/machines/topic-list'

/** The chat list's guards (which events change which topic), its order and its labels, beside what the generated paths reach. */

const topic = (id: string, extra: Partial<TopicItem> = {}): TopicItem => ({
  _id: id,
  name: id,
  is_group: false,
  is_pin: false,
  is_seen: true,
  in_call: false,
  created_at: '2026-02-20T10:00:00.000Z',
  message: null,
  ...extra,
})
const said = (id: string, at: string) => ({ _id: id, message: 'hi', type: 'text' as const, created_at: at, deleted: false })

/** t-pin: pinned and seen; t-call: unseen, in a call; t-old: seen, with a message (m-old); t-none: no message, created after m-old. */
const LOADED: TopicItem[] = [
  topic('t-pin', { is_pin: true, message: said('m-pin', '2026-03-01T08:00:00.000Z') }),
  topic('t-call', { is_seen: false, in_call: true, message: { ...said('m-call', '2026-03-01T09:00:00.000Z'), type: 'call' } }),
  topic('t-old', { message: said('m-old', '2026-03-01T06:00:00.000Z') }),
  topic('t-none', { created_at: '2026-03-01T07:00:00.000Z' }),
]

const ME = 'u-me'

async function start(loaded: TopicItem[] = LOADED) {
  const calls: string[] = []
  const record = (name: string) => fromPromise<unknown, { topic_id: string }>(async ({ input }) => calls.push(`${name}:${input.topic_id}`))
  const recordSeen = fromPromise<unknown, { topic_id: string; is_seen: boolean }>(async ({ input }) =>
    calls.push(`seen:${input.topic_id}:${input.is_seen}`),
  )
  const actor = createActor(
    topicListMachine.provide({
      actors: {
        loadTopics: fromPromise(async () => loaded),
        pinTopic: record('pin'),
        unpinTopic: record('unpin'),
        hideTopic: record('hide'),
        unhideTopic: record('unhide'),
        loadHidden: fromPromise(async () => [] as TopicItem[]),
        saveSeen: recordSeen,
        loadTopic: fromPromise<TopicItem, { topic_id: string }>(async ({ input }) => {
          calls.push(`topic:${input.topic_id}`)
          return topic(input.topic_id, { is_seen: false, message: said(`m-${input.topic_id}`, '2026-03-02T00:00:00.000Z') })
        }),
      },
    }),
    { input: { meId: ME } },
  ).start()
  await waitFor(actor, (s) => s.matches('ready'))
  /** Sends the event and says whether the list changed (a new list) or was left as it was. */
  const changes = (event: TopicListEvent) => {
    const before = actor.getSnapshot().context.topics
    actor.send(event)
    return actor.getSnapshot().context.topics !== before
  }
  const find = (id: string) => actor.getSnapshot().context.topics.find((t) => t._id === id)
  return { actor, calls, changes, find }
}

describe('topic list machine', () => {
  it('orders pinned first, then newest activity first, and equal times by id', () => {
    const at = '2026-03-01T08:00:00.000Z'
    const sameTime = ['t-c', 't-a', 't-d', 't-b'].map((id) => topic(id, { message: said(`m-${id}`, at) }))
    expect(sortTopics(sameTime).map((t) => t._id)).toEqual(['t-a', 't-b', 't-c', 't-d'])
    expect(sortTopics([...sameTime].reverse()).map((t) => t._id)).toEqual(['t-a', 't-b', 't-c', 't-d'])
    expect(sortTopics(LOADED).map((t) => t._id)).toEqual(['t-pin', 't-call', 't-none', 't-old'])
  })

  it('leaves the list and the server alone for events about a topic it does not hold or a state the topic is already in', async () => {
    const { calls, changes } = await start()
    const ignored: TopicListEvent[] = [
      { type: 'PIN', topicId: 't-404' },
      { type: 'PIN', topicId: 't-pin' },
      { type: 'UNPIN', topicId: 't-404' },
      { type: 'UNPIN', topicId: 't-old' },
      { type: 'HIDE', topicId: 't-404' },
      { type: 'UNHIDE', topicId: 't-old' },
      { type: 'UNHIDE', topicId: 't-404' },
      { type: 'SEEN', topicId: 't-404' },
      { type: 'SEEN', topicId: 't-old' },
      { type: 'UNSEEN', topicId: 't-404' },
      { type: 'UNSEEN', topicId: 't-call' },
      { type: 'CALL_STARTED', topicId: 't-404', messageId: 'm-x', at: '2026-03-02T00:00:00.000Z' },
      { type: 'CALL_CLOSED', topicId: 't-404' },
      { type: 'CALL_CLOSED', topicId: 't-old' },
      { type: 'MESSAGE_DELETED', topicId: 't-old', messageId: 'm-pin' },
      { type: 'MESSAGE_DELETED', topicId: 't-404', messageId: 'm-old' },
      { type: 'TOPIC_CHANGED', change: 'added', topic: topic('t-old', { name: 'Renamed' }) },
      { type: 'OPEN', topicId: 't-old' },
      { type: 'OPEN', topicId: null },
      { type: 'REMOVED', topicId: 't-404' },
      { type: 'MEMBER_ADDED', topic: topic('t-old', { name: 'Again' }) },
      { type: 'CHAT_REQUEST', topic: topic('t-pin', { name: 'Again' }) },
    ]
    for (const event of ignored) expect(changes(event), JSON.stringify(event)).toBe(false)
    expect(calls).toEqual([])
  })

  it('hides at once and says so (Undo); Undo brings the topic back in its place; a failed hide or unhide is rolled back', async () => {
    const hidden: { topicId: string; name: string }[] = []
    const outcomes: Record<string, Array<'ok' | 'fail'>> = { hide: ['fail', 'ok'], unhide: ['ok', 'fail'] }
    const answer = (kind: 'hide' | 'unhide') =>
      fromPromise<unknown, { topic_id: string }>(async () => {
        if (outcomes[kind]!.shift() === 'fail') throw new Error('offline')
        return null
      })
    const actor = createActor(
      topicListMachine.provide({
        actors: {
          loadTopics: fromPromise(async () => LOADED),
          hideTopic: answer('hide'),
          unhideTopic: answer('unhide'),
        },
      }),
      { input: { meId: ME } },
    ).start()
    actor.on('hidden', ({ topicId, name }) => hidden.push({ topicId, name }))
    await waitFor(actor, (s) => s.matches('ready'))
    const ids = () => actor.getSnapshot().context.topics.map((t) => t._id)
    const hiddenIds = () => actor.getSnapshot().context.hidden.map((t) => t._id)
    const settle = () => new Promise((resolve) => setTimeout(resolve, 0))

    // The server refuses the first hide: t-old comes back where it was.
    actor.send({ type: 'HIDE', topicId: 't-old' })
    expect(ids()).toEqual(['t-pin', 't-call', 't-none'])
    expect(hidden).toEqual([{ topicId: 't-old', name: 't-old' }])
    await settle()
    expect(ids()).toEqual(['t-pin', 't-call', 't-none', 't-old'])
    expect(hiddenIds()).toEqual([])

    // Hidden for good, then Undo (which the server takes): back in its place.
    actor.send({ type: 'HIDE', topicId: 't-old' })
    await settle()
    expect(hiddenIds()).toEqual(['t-old'])
    actor.send({ type: 'UNHIDE', topicId: 't-old' })
    expect(ids()).toEqual(['t-pin', 't-call', 't-none', 't-old'])
    await settle()
    expect(ids()).toEqual(['t-pin', 't-call', 't-none', 't-old'])

    // Hidden again (the server takes it) and unhidden, which the server refuses: hidden again.
    outcomes.hide!.push('ok')
    actor.send({ type: 'HIDE', topicId: 't-none' })
    await settle()
    actor.send({ type: 'UNHIDE', topicId: 't-none' })
    expect(ids()).toContain('t-none')
    await settle()
    expect(ids()).toEqual(['t-pin', 't-call', 't-old'])
    expect(hiddenIds()).toEqual(['t-none'])

    // A new message brings a hidden topic back (read again): it is no longer among the hidden.
    actor.send({ type: 'MEMBER_ADDED', topic: topic('t-none') })
    expect(hiddenIds()).toEqual([])
  })

  it('the Hidden chats view lists what the server holds hidden, with those hidden here, never one in the list', async () => {
    let answer: (topics: TopicItem[]) => void = () => undefined
    const actor = createActor(
      topicListMachine.provide({
        actors: {
          loadTopics: fromPromise(async () => LOADED),
          hideTopic: fromPromise<unknown, { topic_id: string }>(() => new Promise(() => undefined)),
          loadHidden: fromPromise<TopicItem[], void>(() => new Promise((resolve) => (answer = resolve))),
        },
      }),
      { input: { meId: ME } },
    ).start()
    await waitFor(actor, (s) => s.matches('ready'))
    actor.send({ type: 'HIDE', topicId: 't-old' })
    actor.send({ type: 'SHOW_HIDDEN' })
    expect(connect(actor.getSnapshot(), () => undefined).hiddenChats?.status).toBe('loading')
    // The server has not seen the hide yet, and lists an old one and (wrongly) one that is in the list.
    answer([topic('t-away', { created_at: '2026-01-01T00:00:00.000Z' }), topic('t-pin', { is_pin: true })])
    await waitFor(actor, (s) => s.matches({ ready: { hiddenChats: 'shown' } }))
    expect(connect(actor.getSnapshot(), () => undefined).hiddenChats?.topics.map((t) => t.id)).toEqual(['t-old', 't-away'])
    actor.send({ type: 'CLOSE_HIDDEN' })
    expect(connect(actor.getSnapshot(), () => undefined).hiddenChats).toBeNull()
  })

  it('changes only the named topic, and tells the server once', async () => {
    const { calls, changes, find, actor } = await start()
    expect(changes({ type: 'PIN', topicId: 't-old' })).toBe(true)
    expect(changes({ type: 'UNPIN', topicId: 't-pin' })).toBe(true)
    expect(changes({ type: 'SEEN', topicId: 't-call' })).toBe(true)
    expect(changes({ type: 'UNSEEN', topicId: 't-none' })).toBe(true)
    expect(changes({ type: 'CALL_CLOSED', topicId: 't-call' })).toBe(true)
    expect(changes({ type: 'MESSAGE_DELETED', topicId: 't-old', messageId: 'm-old' })).toBe(true)
    expect(calls).toEqual(['pin:t-old', 'unpin:t-pin', 'seen:t-call:true', 'seen:t-none:false'])
    expect(find('t-old')).toMatchObject({ is_pin: true, message: { _id: 'm-old', deleted: true, message: '' } })
    expect(find('t-pin')).toMatchObject({ is_pin: false, is_seen: true })
    expect(find('t-call')).toMatchObject({ is_seen: true, in_call: false })
    expect(find('t-none')).toMatchObject({ is_seen: false, is_pin: false })
    expect(actor.getSnapshot().context.topics).toHaveLength(4)
  })

  it('trims the names of a renamed topic and of a topic that joins the list', async () => {
    const { changes, find, actor } = await start()
    expect(changes({ type: 'TOPIC_CHANGED', change: 'updated', topic: topic('t-old', { name: '  Launch plan  ' }) })).toBe(true)
    expect(find('t-old')!.name).toBe('Launch plan')
    expect(changes({ type: 'MEMBER_ADDED', topic: topic('t-new', { name: '  Design  ' }) })).toBe(true)
    expect(changes({ type: 'CHAT_REQUEST', topic: topic('t-ask', { name: ' Bao ' }) })).toBe(true)
    expect(find('t-new')!.name).toBe('Design')
    expect(find('t-ask')!.name).toBe('Bao')
    expect(actor.getSnapshot().context.topics).toHaveLength(6)
  })

  it('names its status and previews, and adds a topic the user created through onAdded', async () => {
    const loading = createActor(
      topicListMachine.provide({ actors: { loadTopics: fromPromise(() => new Promise<TopicItem[]>(() => undefined)) } }),
      { input: { meId: ME } },
    ).start()
    expect(connect(loading.getSnapshot(), () => undefined).status).toBe('loading')
    const { actor } = await start()
    actor.send({ type: 'CALL_CLOSED', topicId: 't-call' })
    const sent: TopicListEvent[] = []
    const props = connect(actor.getSnapshot(), (event) => sent.push(event))
    expect(props.status).toBe('ready')
    expect(Object.fromEntries(props.topics.map((row) => [row.id, row.preview]))).toEqual({
      't-pin': { kind: 'text', text: 'hi', type: 'text' },
      't-call': { kind: 'callEnded' },
      't-none': { kind: 'none' },
      't-old': { kind: 'text', text: 'hi', type: 'text' },
    })
    const created = topic('t-mine', { is_group: true })
    props.onAdded(created)
    expect(sent).toEqual([{ type: 'MEMBER_ADDED', topic: created }])
  })

  const from = (senderId: string | null, topicId: string, n = 1): TopicListEvent => ({
    type: 'NEW_MESSAGE',
    topicId,
    senderId,
    message: said(`m-new-${topicId}-${n}`, `2026-03-02T00:0${n}:00.000Z`),
  })

  it('a message in the open chat, or one the user sent, leaves it seen; only the open chat tells the server', async () => {
    const { actor, calls, find } = await start()
    actor.send({ type: 'OPEN', topicId: 't-old' })
    actor.send(from('u-lan', 't-old'))
    expect(find('t-old')).toMatchObject({ is_seen: true, message: { _id: 'm-new-t-old-1' } })
    // The server keeps a topic seen for its sender: no call for the user's own message.
    actor.send(from(ME, 't-none'))
    expect(find('t-none')).toMatchObject({ is_seen: true, message: { _id: 'm-new-t-none-1' } })
    // Someone else's message elsewhere, and a system message: unread.
    actor.send(from('u-lan', 't-pin'))
    actor.send(from(null, 't-none', 2))
    expect(find('t-pin')!.is_seen).toBe(false)
    expect(find('t-none')!.is_seen).toBe(false)
    expect(calls).toEqual(['seen:t-old:true'])
    // Left the chat: its messages are unread again.
    actor.send({ type: 'OPEN', topicId: null })
    actor.send(from('u-lan', 't-old', 3))
    expect(find('t-old')!.is_seen).toBe(false)
    expect(calls).toEqual(['seen:t-old:true'])
  })

  it('opening an unread chat marks it seen and tells the server; a list read while a chat is open marks that one', async () => {
    const { actor, calls, find } = await start()
    actor.send({ type: 'OPEN', topicId: 't-call' })
    expect(find('t-call')!.is_seen).toBe(true)
    expect(calls).toEqual(['seen:t-call:true'])

    let answer: (topics: TopicItem[]) => void = () => undefined
    const opening = createActor(
      topicListMachine.provide({
        actors: {
          loadTopics: fromPromise(() => new Promise<TopicItem[]>((resolve) => (answer = resolve))),
          saveSeen: fromPromise<unknown, { topic_id: string; is_seen: boolean }>(async ({ input }) =>
            calls.push(`seen:${input.topic_id}:${input.is_seen}`),
          ),
        },
      }),
      { input: { meId: ME } },
    ).start()
    opening.send({ type: 'OPEN', topicId: 't-call' })
    answer(LOADED)
    await waitFor(opening, (s) => s.matches('ready'))
    expect(opening.getSnapshot().context.topics.find((t) => t._id === 't-call')!.is_seen).toBe(true)
    expect(calls).toEqual(['seen:t-call:true', 'seen:t-call:true'])
  })

  it('a message in a topic not in the list reads that topic (GET topic/info), which joins the list unread', async () => {
    const { actor, calls, find } = await start()
    actor.send(from('u-lan', 't-new'))
    await waitFor(actor, () => find('t-new') !== undefined)
    expect(calls).toEqual(['topic:t-new'])
    expect(find('t-new')).toMatchObject({ is_seen: false })
    expect(actor.getSnapshot().context.topics.map((t) => t._id)).toEqual(['t-pin', 't-new', 't-call', 't-none', 't-old'])
    // A topic that changed while the list did not hold it joins it too; one that arrived again does not twice.
    actor.send({ type: 'TOPIC_CHANGED', change: 'updated', topic: topic('t-other', { name: 'Other' }) })
    actor.send({ type: 'TOPIC_CHANGED', change: 'added', topic: topic('t-other', { name: 'Other' }) })
    expect(actor.getSnapshot().context.topics.filter((t) => t._id === 't-other')).toHaveLength(1)
  })

  it('a list read answered while a hide is on its way keeps the topic out; Undo then brings back one row; a new message brings it back', async () => {
    const answers: ((topics: TopicItem[]) => void)[] = []
    const actor = createActor(
      topicListMachine.provide({
        actors: {
          loadTopics: fromPromise(() => new Promise<TopicItem[]>((resolve) => answers.push(resolve))),
          hideTopic: fromPromise<unknown, { topic_id: string }>(() => new Promise(() => undefined)),
          unhideTopic: fromPromise<unknown, { topic_id: string }>(async () => null),
        },
      }),
      { input: { meId: ME } },
    ).start()
    answers[0]!(LOADED)
    await waitFor(actor, (s) => s.matches({ ready: { list: 'idle' } }))
    const ids = () => actor.getSnapshot().context.topics.map((t) => t._id)
    actor.send({ type: 'CONNECTED' })
    actor.send({ type: 'HIDE', topicId: 't-old' })
    // Read before the hide reached the server: it still lists t-old, with the same last message.
    answers[1]!(LOADED)
    await waitFor(actor, (s) => s.matches({ ready: { list: 'idle' } }))
    expect(ids()).toEqual(['t-pin', 't-call', 't-none'])
    actor.send({ type: 'UNHIDE', topicId: 't-old' })
    expect(ids()).toEqual(['t-pin', 't-call', 't-none', 't-old'])

    // Hidden again; a read then shows it with a message that came since: back in the list, no longer hidden.
    actor.send({ type: 'HIDE', topicId: 't-old' })
    actor.send({ type: 'SHOWN' })
    answers[2]!([...LOADED.slice(0, 2), topic('t-old', { message: said('m-new', '2026-03-02T06:00:00.000Z') }), LOADED[3]!])
    await waitFor(actor, (s) => s.matches({ ready: { list: 'idle' } }))
    expect(ids()).toEqual(['t-pin', 't-old', 't-call', 't-none'])
    expect(actor.getSnapshot().context.hidden).toEqual([])
  })

  it('reads the list again in the background when the socket reconnects or the list is shown, and loads again after a failure', async () => {
    const answers: ((topics: TopicItem[]) => void)[] = []
    let fail: () => void = () => undefined
    const actor = createActor(
      topicListMachine.provide({
        actors: {
          loadTopics: fromPromise(
            () =>
              new Promise<TopicItem[]>((resolve, reject) => {
                answers.push(resolve)
                fail = () => reject(new Error('offline'))
              }),
          ),
        },
      }),
      { input: { meId: ME } },
    ).start()
    fail()
    await waitFor(actor, (s) => s.matches('failed'))
    actor.send({ type: 'CONNECTED' })
    expect(actor.getSnapshot().matches('loading')).toBe(true)
    answers[1]!(LOADED)
    await waitFor(actor, (s) => s.matches({ ready: { list: 'idle' } }))
    actor.send({ type: 'CONNECTED' })
    expect(actor.getSnapshot().matches({ ready: { list: 'refreshing' } })).toBe(true)
    // Meanwhile the list shows, and takes what comes.
    expect(connect(actor.getSnapshot(), () => undefined).status).toBe('ready')
    actor.send({ type: 'SHOWN' })
    expect(answers).toHaveLength(3)
    answers[2]!([topic('t-pin', { is_seen: false })])
    await waitFor(actor, (s) => s.matches({ ready: { list: 'idle' } }))
    expect(actor.getSnapshot().context.topics.map((t) => t._id)).toEqual(['t-pin'])
    actor.send({ type: 'SHOWN' })
    expect(answers).toHaveLength(4)
  })

  it("the header's badge counts the list's unread chats, '10+' past ten", async () => {
    const many = Array.from({ length: 12 }, (_, i) => topic(`t-${i}`, { is_seen: i >= 11 }))
    const { actor } = await start(many)
    expect(connectBadge(actor.getSnapshot())).toEqual({ badge: '10+', count: 11 })
    for (let i = 0; i < 2; i++) actor.send({ type: 'SEEN', topicId: `t-${i}` })
    expect(connectBadge(actor.getSnapshot())).toEqual({ badge: '9', count: 9 })
    actor.send(from('u-lan', 't-11'))
    expect(connectBadge(actor.getSnapshot())).toEqual({ badge: '10', count: 10 })
  })

  it("shows the user's draft of a chat in its row instead of the last message, but not for the chat open now", async () => {
    const loaded = withDrafts(
      [topic('t-a', { message: said('m-a', '2026-03-01T08:00:00.000Z') }), topic('t-b', { is_group: true, partner_id: null })],
      [
        { topic_id: 't-a', text: 'See you *at* 9' },
        { topic_id: 't-gone', text: 'left that chat' },
      ],
    )
    expect(loaded.map((t) => t.draft)).toEqual(['See you *at* 9', undefined])
    const { actor, changes } = await start([{ ...loaded[0]!, partner_id: 'u-lan' }, loaded[1]!])
    const rows = () => Object.fromEntries(connect(actor.getSnapshot(), () => undefined).topics.map((r) => [r.id, [r.draft, r.partnerId]]))
    expect(rows()).toEqual({ 't-a': ['See you *at* 9', 'u-lan'], 't-b': [null, null] })
    actor.send({ type: 'OPEN', topicId: 't-a' })
    expect(rows()['t-a']).toEqual([null, 'u-lan'])
    actor.send({ type: 'OPEN', topicId: null })
    // Saved or sent on another tab: the row follows; blanks are no draft; a chat not in the list is left alone.
    actor.send({ type: 'DRAFT_CHANGED', topicId: 't-b', text: 'Agenda:' })
    actor.send({ type: 'DRAFT_CHANGED', topicId: 't-a', text: '  ' })
    expect(rows()).toEqual({ 't-a': [null, 'u-lan'], 't-b': ['Agenda:', null] })
    expect(changes({ type: 'DRAFT_CHANGED', topicId: 't-else', text: 'hello' })).toBe(false)
  })
})
