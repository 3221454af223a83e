import { afterEach, describe, expect, it, vi } from 'vitest'
import { withFreshLinks } from '../../../src/services/chat'
import { connectAuth } from '../../../src/services/http'
import { textMessage } from '../../model/support/messages'

const file = { _id: 'f', key: 'k.txt', name: 'a.txt', mime: 'text/plain', size: 1, kind: 'file' as const, url: '/api/media/access?fresh', thumb_url: null, width: null, height: null }
const message = (seq: number, withFile: boolean) =>
  textMessage({ _id: `m-${seq}`, topic_id: 't-1', seq, message: '', sender: null, created_at: '2026-03-01T08:00:00.000Z', media: withFile ? [{ ...file, _id: `f-${seq}` }] : [] })

/** The server's catch-up pages: the (at most 500) oldest after `after`, newest first. */
function serve(newest: number) {
  const asked: number[] = []
  vi.stubGlobal(
    'fetch',
    vi.fn(async (request: Request) => {
      const after = Number(new URL(request.url).searchParams.get('after'))
      asked.push(after)
      const page = Array.from({ length: Math.max(0, Math.min(500, newest - after)) }, (_, i) => message(after + 1 + i, (after + 1 + i) % 2 === 0)).reverse()
      return new Response(JSON.stringify({ result: page }), { status: 200, headers: { 'content-type': 'application/json' } })
    }),
  )
  return asked
}

describe('fresh file links for the shown messages', () => {
  afterEach(() => {
    vi.unstubAllGlobals()
    connectAuth({ accessToken: () => null, refresh: async () => null, expired: () => {} })
  })

  it('reads forward from the oldest message with files to the newest, page by page, and answers those with files', async () => {
    connectAuth({ accessToken: () => 'token', refresh: async () => null, expired: () => {} })
    const asked = serve(2000)
    const fresh = await withFreshLinks('t-1', 100, 1200)
    expect(asked).toEqual([99, 599, 1099])
    expect(fresh.map((m) => m.seq)).toEqual(Array.from({ length: 551 }, (_, i) => 100 + 2 * i))
    expect(fresh.every((m) => m.media[0]!.url === '/api/media/access?fresh')).toBe(true)
  })
})
