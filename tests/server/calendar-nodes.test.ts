import { and, eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { queuedJobs } from '../../server/db/schema'
import { channelWith, clockedNodes, type Person, person, socketOf } from './chat-fixtures'
import { DATABASE_URL, nextEvent, REDIS_URL } from './harness'

/**
 * The calendar on two nodes sharing one PostgreSQL and one Redis and one (fake) clock: a change
 * through node 1 reaches a member's socket on node 2; a daily group reminder whose time has come,
 * with both nodes running their due jobs at once, fires once per occurrence (one notification each,
 * one message in the chat), and its next occurrence's job is there once.
 */
describe.runIf(DATABASE_URL && REDIS_URL)('the calendar on two nodes (PostgreSQL + Redis)', () => {
  const nodes = clockedNodes(Date.parse('2031-05-05T06:00:00Z'))
  const { clock, bothRunDue } = nodes
  const notices = async (who: Person, eventId: string) =>
    ((await who.api('GET', 'notify?page=1')).body.result as { notifiable_id: string; time: string; notify_message_json: { key: string } }[])
      .filter((n) => n.notifiable_id === eventId)
      .map((n) => [n.notify_message_json.key, n.time])

  it('a change through node 1 reaches node 2; both nodes running due jobs fire each occurrence once', async () => {
    const [owner, member] = await Promise.all([person(nodes.one.url, 'Owner'), person(nodes.one.url, 'Member')])
    const { generalId } = await channelWith(owner, [member])

    const socket = nodes.keep(await socketOf(nodes.two.url, member))
    const changed = nextEvent<{ change: string; event: { _id: string; title: string } }>(socket, 'CALENDAR_CHANGED')
    const created = await owner.api('POST', 'calendar/create', {
      client_id: crypto.randomUUID(),
      kind: 'reminder',
      title: 'Stand-up',
      topic_id: generalId,
      // 09:00 in Ho Chi Minh City (UTC+7) every day, from tomorrow.
      start: '2031-05-06T02:00:00Z',
      time_zone: 'Asia/Ho_Chi_Minh',
      rrule: 'FREQ=DAILY;COUNT=3',
    })
    expect(created.status).toBe(200)
    const eventId = created.body.result._id as string
    expect(await changed).toMatchObject({ change: 'created', event: { _id: eventId, title: 'Stand-up' } })

    for (const day of ['2031-05-06', '2031-05-07']) {
      clock.advance(Date.parse(`${day}T02:00:00Z`) - clock.now())
      await bothRunDue()
      await bothRunDue()
    }
    const expected = [
      ['calendar_notification', '2031-05-07T02:00:00.000Z'],
      ['calendar_notification', '2031-05-06T02:00:00.000Z'],
    ]
    expect(await notices(member, eventId)).toEqual(expected)
    expect(await notices(owner, eventId)).toEqual(expected)
    const history = await member.api('GET', `topic/messages?topic_id=${generalId}&page=1`)
    const posted = (history.body.result as { type: string; message: string }[]).filter((m) => m.type === 'reminder')
    expect(posted.map((m) => JSON.parse(m.message).start)).toEqual(['2031-05-07T02:00:00.000Z', '2031-05-06T02:00:00.000Z'])

    // The third (last) occurrence's job, once; after it, none.
    const pending = await nodes.one.ctx.db
      .select({ runAt: queuedJobs.runAt })
      .from(queuedJobs)
      .where(and(eq(queuedJobs.key, `calendar-remind:${eventId}`), eq(queuedJobs.state, 'pending')))
    expect(pending.map((j) => j.runAt.toISOString())).toEqual(['2031-05-08T02:00:00.000Z'])
    clock.advance(DAY)
    await bothRunDue()
    expect(await notices(member, eventId)).toHaveLength(3)
  })
})

const DAY = 24 * 60 * 60 * 1000
