// @vitest-environment jsdom
import { Blob as NodeBlob } from 'node:buffer'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { uploadFile } from '../../../src/services/api/media'
import { connectAuth } from '../../../src/services/http'

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
