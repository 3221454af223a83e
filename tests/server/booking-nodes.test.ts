import type { Socket } from 'socket.io-client'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { SERVER_MESSAGES } from '../../contract'
import { pageBody, solvedChallenge } from './booking-fixtures'
import { clientId, person, socketOf } from './chat-fixtures'
import { DATABASE_URL, nextEvent, REDIS_URL, startTestServer, type TestServer, uniqueEmail } from './harness'

/**
 * Booking pages on two nodes sharing one PostgreSQL and one Redis: twenty people racing for one time
 * through both nodes leave exactly one live booking (nineteen 409 on start), and the owner's socket
 * on node 2 hears BOOKING_CHANGED for a request made through node 1.
 */
describe.runIf(DATABASE_URL && REDIS_URL)('booking pages on two nodes (PostgreSQL + Redis)', () => {
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

  it('twenty racing through both nodes for one time: one 200, nineteen 409; the owner hears it on the other node', async () => {
    const owner = await person(one.url, 'Owner')
    const availability = [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({ weekday, start: '08:00', end: '20:00' }))
    const created = await owner.api('POST', 'booking/page-create', pageBody({ time_zone: 'UTC', min_notice_minutes: 0, availability }))
    const pageId = created.body.result._id as string
    const range = new URLSearchParams({
      page_id: pageId,
      from: new Date().toISOString(),
      to: new Date(Date.now() + 7 * 86_400_000).toISOString(),
    })
    const slots = (await (await fetch(`${two.url}/api/booking/slots?${range}`)).json()) as { result: { slots: { start: string }[] } }
    const start = slots.result.slots[0]!.start
    const ownerOnTwo = await socketOf(two.url, owner)
    open.push(ownerOnTwo)

    // Puzzles from either node: the key is the deployment's.
    const challenges = await Promise.all(Array.from({ length: 20 }, (_, i) => solvedChallenge((i % 2 === 0 ? one : two).url)))
    const heard = nextEvent<{ booking: { start: string; status: string } }>(ownerOnTwo, 'BOOKING_CHANGED')
    const answers = await Promise.all(
      challenges.map((challenge, i) =>
        fetch(`${(i % 2 === 0 ? one : two).url}/api/booking/request`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ page_id: pageId, client_id: clientId(), start, name: `Guest ${i}`, email: uniqueEmail(), challenge }),
        }).then(async (r) => ({ status: r.status, body: (await r.json()) as { errors?: Record<string, string[]> } })),
      ),
    )
    expect(answers.map((a) => a.status).sort()).toEqual([200, ...Array<number>(19).fill(409)])
    for (const refused of answers.filter((a) => a.status === 409))
      expect(refused.body.errors?.start).toEqual([SERVER_MESSAGES.bookingSlotTaken.en])
    expect((await heard).booking).toMatchObject({ start, status: 'requested' })
    const list = await owner.api('GET', 'booking/list?role=owner')
    expect((list.body.result as { start: string }[]).map((b) => b.start)).toEqual([start])
  })
})
