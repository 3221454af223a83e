import { describe, expect, it } from 'vitest'
import { createActor, fromPromise, waitFor } from 'xstate'
import { connect, sortTopics, topicListMachine, type TopicItem, type TopicListEvent } from '../../../src/machines/topic-list'

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
        saveSeen: recordSeen,
      },
    }),
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
      { type: 'SEEN', topicId: 't-404' },
      { type: 'SEEN', topicId: 't-old' },
      { type: 'UNSEEN', topicId: 't-404' },
      { type: 'UNSEEN', topicId: 't-call' },
      { type: 'CALL_STARTED', topicId: 't-404', messageId: 'm-x', at: '2026-03-02T00:00:00.000Z' },
      { type: 'CALL_CLOSED', topicId: 't-404' },
      { type: 'CALL_CLOSED', topicId: 't-old' },
      { type: 'NEW_MESSAGE', topicId: 't-404', message: said('m-x', '2026-03-02T00:00:00.000Z') },
      { type: 'MESSAGE_DELETED', topicId: 't-old', messageId: 'm-pin' },
      { type: 'MESSAGE_DELETED', topicId: 't-404', messageId: 'm-old' },
      { type: 'RENAMED', topicId: 't-404', name: 'Renamed' },
      { type: 'REMOVED', topicId: 't-404' },
      { type: 'MEMBER_ADDED', topic: topic('t-old', { name: 'Again' }) },
      { type: 'CHAT_REQUEST', topic: topic('t-pin', { name: 'Again' }) },
    ]
    for (const event of ignored) expect(changes(event), JSON.stringify(event)).toBe(false)
    expect(calls).toEqual([])
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
    expect(changes({ type: 'RENAMED', topicId: 't-old', name: '  Launch plan  ' })).toBe(true)
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
})
