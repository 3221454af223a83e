// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest'
import { sendMessage } from '../../../src/services/api/message'
import { connectAuth } from '../../../src/services/http'

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })
const entry = { client_id: 'c-1', topic_id: 't-1', message: 'hello', media_ids: [], mentions: [] }

function answer(respond: () => Response | Promise<Response>) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => respond()),
  )
}

/** How the outbox learns whether a failed send is final (the server refused it) or is tried again. */
describe('message/send failures as the outbox sees them', () => {
  afterEach(() => {
    vi.unstubAllGlobals()
    connectAuth({ accessToken: () => null, refresh: async () => null, expired: () => {} })
  })

  it.each([
    [400, true],
    [403, true],
    [404, true],
    [401, false],
    [408, false],
    [429, false],
    [500, false],
    [503, false],
  ])('HTTP %i: final = %s', async (status, rejected) => {
    connectAuth({ accessToken: () => 'token', refresh: async () => null, expired: () => {} })
    answer(() => json(status, { message: `refused ${status}` }))
    const failure = await sendMessage(entry).catch((e: unknown) => e)
    expect(failure).toMatchObject({ rejected })
  })

  it('the server could not be reached: tried again', async () => {
    connectAuth({ accessToken: () => 'token', refresh: async () => null, expired: () => {} })
    answer(() => Promise.reject(new TypeError('Failed to fetch')))
    expect(await sendMessage(entry).catch((e: unknown) => e)).toMatchObject({ rejected: false })
  })

  it("a final refusal carries the server's reason", async () => {
    connectAuth({ accessToken: () => 'token', refresh: async () => null, expired: () => {} })
    answer(() => json(403, { message: 'Only admins can send messages in this group' }))
    expect(await sendMessage(entry).catch((e: unknown) => e)).toEqual({
      rejected: true,
      reason: 'Only admins can send messages in this group',
    })
  })
})
