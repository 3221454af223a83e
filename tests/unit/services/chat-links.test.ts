import { Blob as NodeBlob } from 'node:buffer'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { uploadFile, withFreshLinks } from '../../../src/services/chat'
import { connectAuth } from '../../../src/services/http'
import { textMessage } from '../../model/support/messages'

const file = {
  _id: 'f',
  key: 'k.txt',
  name: 'a.txt',
  mime: 'text/plain',
  size: 1,
  kind: 'file' as const,
  url: '/api/media/access?fresh',
  thumb_url: null,
  width: null,
  height: null,
}
const message = (seq: number, withFile: boolean) =>
  textMessage({
    _id: `m-${seq}`,
    topic_id: 't-1',
    seq,
    message: '',
    sender: null,
    created_at: '2026-03-01T08:00:00.000Z',
    media: withFile ? [{ ...file, _id: `f-${seq}` }] : [],
  })

/** The server's catch-up pages: the (at most 500) oldest after `after`, newest first. */
function serve(newest: number) {
  const asked: number[] = []
  vi.stubGlobal(
    'fetch',
    vi.fn(async (request: Request) => {
      const after = Number(new URL(request.url).searchParams.get('after'))
      asked.push(after)
      const page = Array.from({ length: Math.max(0, Math.min(500, newest - after)) }, (_, i) =>
        message(after + 1 + i, (after + 1 + i) % 2 === 0),
      ).reverse()
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

/** XMLHttpRequest as the upload calls use it (for progress), answered by the test. */
class HeldRequest {
  static open: HeldRequest[] = []
  upload = { onprogress: null as unknown }
  responseType = ''
  status = 0
  statusText = ''
  response: NodeBlob | null = null
  onload: (() => void) | null = null
  onerror: (() => void) | null = null
  onabort: (() => void) | null = null
  open() {}
  setRequestHeader() {}
  getAllResponseHeaders() {
    return 'content-type: application/json'
  }
  abort() {}
  send() {
    HeldRequest.open.push(this)
  }
  answer(id: string) {
    HeldRequest.open = HeldRequest.open.filter((r) => r !== this)
    this.status = 200
    // Node's Blob: the Response the upload call builds reads it as a stream (jsdom's cannot).
    this.response = new NodeBlob([JSON.stringify({ result: { ...file, _id: id } })], { type: 'application/json' })
    this.onload?.()
  }
}

describe('uploads as the server takes them', () => {
  afterEach(() => {
    vi.unstubAllGlobals()
    HeldRequest.open = []
    connectAuth({ accessToken: () => null, refresh: async () => null, expired: () => {} })
  })

  it('five files picked at once: three go up together (the server refuses a fourth with 429), the others as those end', async () => {
    connectAuth({ accessToken: () => 'token', refresh: async () => null, expired: () => {} })
    vi.stubGlobal('XMLHttpRequest', HeldRequest)
    const done = [1, 2, 3, 4, 5].map((i) => uploadFile({ topicId: 't-1' }, new File([`file ${i}`], `f${i}.txt`), () => {}))
    await vi.waitFor(() => expect(HeldRequest.open).toHaveLength(3))
    HeldRequest.open[0]!.answer('a')
    await vi.waitFor(() => expect(HeldRequest.open).toHaveLength(3))
    for (const id of ['b', 'c', 'd', 'e']) {
      HeldRequest.open[0]!.answer(id)
      await new Promise((resolve) => setTimeout(resolve, 0))
    }
    await vi.waitFor(() => expect(HeldRequest.open).toHaveLength(0))
    expect((await Promise.all(done)).map((item) => item._id).sort()).toEqual(['a', 'b', 'c', 'd', 'e'])
  })
})
