import { randomBytes } from 'node:crypto'
import { readdir, utimes, writeFile } from 'node:fs/promises'
import { connect } from 'node:net'
import path from 'node:path'
import sharp from 'sharp'
import type { Socket } from 'socket.io-client'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createScheduler } from '../../server/jobs/scheduler'
import { withLinks } from '../../contract'
import type { MessageChangedPayload, NewMessagePayload } from '../../contract/socket'
import { signingKeys } from '../../server/auth/keys'
import { createMediaTokens } from '../../server/auth/media-tokens'
import { orphanSweep } from '../../server/modules/media'
import { call, nextEvent, refreshWith, startTestServer, TEST_JWT_SECRET, type TestServer } from './harness'
import { channelWith, clientId, type Person, person, socketOf } from './chat-fixtures'

/**
 * Issue 14's media findings: forwards share stored files within the quota (H2), uploads are
 * bounded before and while their body is read (H3), image bombs (M10), the quota charged
 * atomically (L1), pushed messages carry no links and each reader links them with its media token (L2), orphan files are swept once across nodes
 * (L6), a member barred from sending cannot edit or upload (L11), bounded pages and lists (L9).
 */

const MB = 1024 * 1024
/** The quota of the small server, and the file the review forwarded. */
const QUOTA = 300_000
const FILE = 120_000

let server: TestServer
let small: TestServer
beforeAll(async () => {
  ;[server, small] = await Promise.all([startTestServer(), startTestServer({ storageQuotaBytes: QUOTA })])
})
afterAll(async () => {
  await Promise.all([server?.stop(), small?.stop()])
})

function upload(base: string, who: Person, topicId: string, name: string, bytes: Uint8Array | Buffer) {
  const form = new FormData()
  form.set('topic_id', topicId)
  form.set('acl', 'private')
  form.set('file', new Blob([new Uint8Array(bytes)]), name)
  return call(base, 'POST', '/api/media/upload', { token: who.access_token, raw: form })
}

const text = (bytes: number) => Buffer.alloc(bytes, 'a')
const storedFiles = (s: TestServer) => readdir(path.join(s.dataDir, 'media', 'files')).catch(() => [] as string[])
const usedBy = async (who: Person, channelId: string) =>
  (await who.api('GET', `media/storage?channel_id=${channelId}`)).body.result.used as number
const channelOf = async (who: Person) => (await who.api('GET', 'channel/my-channel')).body.result[0]._id as string

/** A group in the channel holding `members`, made by `owner`. */
async function groupOf(owner: Person, channelId: string, members: Person[], name = 'Group') {
  const made = await owner.api('POST', 'channel/add-topic', { channel_id: channelId, name, customer_ids: members.map((m) => m.user._id) })
  if (made.status !== 200) throw new Error(`add-topic ${made.status} ${JSON.stringify(made.body)}`)
  return made.body.result._id as string
}

interface RawAnswer {
  status: number
  /** Body bytes written before the answer came. */
  sent: number
  /** The server closed the connection after answering. */
  closed: Promise<boolean>
}

/**
 * One request over a plain socket: the head, then the body from `body` (chunked when the head
 * says so) until the server answers. Answers the status without waiting for the rest of the body.
 */
async function rawRequest(
  s: TestServer,
  head: string,
  body: AsyncIterable<Buffer> = (async function* () {})(),
  chunked = false,
): Promise<RawAnswer> {
  const socket = connect(s.port, '127.0.0.1')
  socket.on('error', () => undefined)
  await new Promise<void>((resolve) => socket.once('connect', () => resolve()))
  let answer = ''
  let sent = 0
  const closed = new Promise<boolean>((resolve) => socket.once('close', () => resolve(true)))
  const status = new Promise<number>((resolve) => {
    socket.on('data', (data) => {
      answer += data.toString('latin1')
      const line = /^HTTP\/1\.1 (\d{3})/.exec(answer)
      if (line) resolve(Number(line[1]))
    })
  })
  let answered = false
  void status.then(() => (answered = true))
  socket.write(head)
  for await (const chunk of body) {
    if (answered || socket.destroyed) break
    const framed = chunked ? Buffer.concat([Buffer.from(`${chunk.length.toString(16)}\r\n`), chunk, Buffer.from('\r\n')]) : chunk
    sent += chunk.length
    if (!socket.write(framed)) await Promise.race([new Promise((resolve) => socket.once('drain', resolve)), status, closed])
  }
  if (chunked && !answered && !socket.destroyed) socket.write('0\r\n\r\n')
  // 0: no answer (a server waiting for the rest of the body).
  const code = await Promise.race([status, new Promise<number>((resolve) => setTimeout(() => resolve(0), 15_000))])
  setTimeout(() => socket.destroy(), 2_000).unref()
  return { status: code, sent, closed }
}

/** A multipart body of text files, streamed from one reused 64 kB chunk (the test holds no file in memory). */
async function* multipartBody(boundary: string, topicId: string, files: number[]): AsyncGenerator<Buffer> {
  const chunk = Buffer.alloc(64 * 1024, 'a')
  yield Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="topic_id"\r\n\r\n${topicId}\r\n`)
  for (const [i, size] of files.entries()) {
    yield Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="f${i}.txt"\r\nContent-Type: text/plain\r\n\r\n`,
    )
    for (let left = size; left > 0; left -= chunk.length) yield left >= chunk.length ? chunk : chunk.subarray(0, left)
    yield Buffer.from('\r\n')
  }
  yield Buffer.from(`--${boundary}--\r\n`)
}

const multipartLength = (boundary: string, topicId: string, files: number[]) =>
  Buffer.byteLength(`--${boundary}\r\nContent-Disposition: form-data; name="topic_id"\r\n\r\n${topicId}\r\n`) +
  files.reduce(
    (n, size, i) =>
      n +
      Buffer.byteLength(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="f${i}.txt"\r\nContent-Type: text/plain\r\n\r\n`,
      ) +
      size +
      2,
    0,
  ) +
  Buffer.byteLength(`--${boundary}--\r\n`)

const uploadHead = (s: TestServer, who: Person, boundary: string, url: string, length: number | 'chunked') =>
  `POST /api/${url} HTTP/1.1\r\nHost: 127.0.0.1:${s.port}\r\nAuthorization: Bearer ${who.access_token}\r\n` +
  `Content-Type: multipart/form-data; boundary=${boundary}\r\n${length === 'chunked' ? 'Transfer-Encoding: chunked' : `Content-Length: ${length}`}\r\n\r\n`

describe('H2: a forward shares the stored file and is charged within the quota', () => {
  it('forwards to five groups three times: one file on disk, the forwarder charged once, within the quota', async () => {
    const [owner, forwarder] = await Promise.all([person(small.url, 'Owner'), person(small.url, 'Forwarder')])
    const { channelId, generalId } = await channelWith(owner, [forwarder])
    const groups = []
    for (let i = 0; i < 5; i++) groups.push(await groupOf(forwarder, channelId, [owner], `G${i}`))
    const up = await upload(small.url, owner, generalId, 'report.txt', text(FILE))
    expect(up.status).toBe(200)
    const sent = await owner.api('POST', 'message/send', { client_id: clientId(), topic_id: generalId, media_ids: [up.body.result._id] })
    const filesBefore = await storedFiles(small)
    for (let round = 0; round < 3; round++) {
      const forwarded = await forwarder.api('POST', 'message/forward', { message_id: sent.body.result._id, topic_ids: groups })
      expect(forwarded.status).toBe(200)
      expect(forwarded.body.result).toHaveLength(5)
    }
    // No bytes copied: the same file serves every forward.
    expect((await storedFiles(small)).sort()).toEqual(filesBefore.sort())
    expect(await usedBy(forwarder, channelId)).toBe(FILE)
    expect(await usedBy(forwarder, channelId)).toBeLessThanOrEqual(QUOTA)
    // Each forward's link reads the file, for a member of that group.
    const inGroup = (await owner.api('GET', `topic/messages?topic_id=${groups[4]}`)).body.result[0]
    const read = await fetch(small.url + inGroup.media[0].url)
    expect(read.status).toBe(200)
    expect((await read.arrayBuffer()).byteLength).toBe(FILE)
  })

  it('a forward past the quota is 413 and sends nothing to any topic', async () => {
    const [owner, forwarder] = await Promise.all([person(small.url, 'Owner'), person(small.url, 'Forwarder')])
    const { channelId, generalId } = await channelWith(owner, [forwarder])
    const groups = [await groupOf(forwarder, channelId, [owner], 'A'), await groupOf(forwarder, channelId, [owner], 'B')]
    const own = await upload(small.url, forwarder, generalId, 'mine.txt', text(200_000))
    expect(own.status).toBe(200)
    const theirs = (await upload(small.url, owner, generalId, 'theirs.txt', text(FILE))).body.result
    const sent = await owner.api('POST', 'message/send', { client_id: clientId(), topic_id: generalId, media_ids: [theirs._id] })
    const refused = await forwarder.api('POST', 'message/forward', { message_id: sent.body.result._id, topic_ids: groups })
    expect(refused.status).toBe(413)
    expect(refused.body.message).toBe('Your storage is running out, please upgrade here')
    for (const group of groups) expect((await forwarder.api('GET', `topic/messages?topic_id=${group}`)).body.result).toEqual([])
    expect(await usedBy(forwarder, channelId)).toBe(200_000)
  })

  it('the bytes stay while any row shares them and go with the last one', async () => {
    const [owner, forwarder] = await Promise.all([person(small.url, 'Owner'), person(small.url, 'Forwarder')])
    const { channelId, generalId } = await channelWith(owner, [forwarder])
    const group = await groupOf(forwarder, channelId, [owner], 'Shared')
    const png = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#00aa00' } })
      .png()
      .toBuffer()
    const up = (await upload(small.url, owner, generalId, 'pic.png', png)).body.result
    const sent = await owner.api('POST', 'message/send', { client_id: clientId(), topic_id: generalId, media_ids: [up._id] })
    const copy = (await forwarder.api('POST', 'message/forward', { message_id: sent.body.result._id, topic_ids: [group] })).body.result[0]
      .media[0]
    const key: string = up.key
    expect((await owner.api('DELETE', 'media/purge', { media_id: up._id })).status).toBe(200)
    expect((await storedFiles(small)).filter((f) => f.startsWith(key)).sort()).toEqual([key, `${key}.thumb.jpg`])
    const fresh = (await forwarder.api('GET', `topic/messages?topic_id=${group}`)).body.result[0].media[0]
    expect((await fetch(small.url + fresh.thumb_url)).status).toBe(200)
    expect((await forwarder.api('DELETE', 'media/purge', { media_id: copy._id })).status).toBe(200)
    expect((await storedFiles(small)).filter((f) => f.startsWith(key))).toEqual([])
  })
})

describe('H3: uploads are bounded before and while the body is read', () => {
  it("an over-quota user's big request is refused (413) before its body is sent, and the connection closes", async () => {
    const a = await person(small.url)
    const { generalId } = await channelWith(a, [])
    expect((await upload(small.url, a, generalId, 'most.txt', text(250_000))).status).toBe(200)
    const boundary = `b${randomBytes(8).toString('hex')}`
    // Only the head: a server that waited for the 40 MB body would never answer.
    const answer = await rawRequest(small, uploadHead(small, a, boundary, 'media/upload', 40 * MB))
    expect(answer.status).toBe(413)
    expect(await answer.closed).toBe(true)
    expect(await usedBy(a, await channelOf(a))).toBe(250_000)
  })

  it('a request declaring more than 50 MB is 413 before its body; a chunked one is cut off at 50 MB', async () => {
    const a = await person(server.url)
    const { generalId } = await channelWith(a, [])
    const boundary = `b${randomBytes(8).toString('hex')}`
    const files = [30 * MB, 30 * MB]
    const declared = await rawRequest(server, uploadHead(server, a, boundary, 'media/uploads', multipartLength(boundary, generalId, files)))
    expect(declared.status).toBe(413)
    const chunked = await rawRequest(
      server,
      uploadHead(server, a, boundary, 'media/uploads', 'chunked'),
      multipartBody(boundary, generalId, files),
      true,
    )
    expect(chunked.status).toBe(413)
    // Refused once the files passed 50 MB: the last 10 MB were never sent.
    expect(chunked.sent).toBeLessThan(55 * MB)
    expect(await usedBy(a, await channelOf(a))).toBe(0)
    expect(await readdir(path.join(server.dataDir, 'media', 'tmp'))).toEqual([])
  })

  it('a 40 MB upload streams to disk: process memory does not grow by its size', async () => {
    const a = await person(server.url)
    const { generalId } = await channelWith(a, [])
    const boundary = `b${randomBytes(8).toString('hex')}`
    const files = [40 * MB]
    const before = process.memoryUsage()
    let peak = { rss: before.rss, arrayBuffers: before.arrayBuffers }
    const sampler = setInterval(() => {
      const now = process.memoryUsage()
      peak = { rss: Math.max(peak.rss, now.rss), arrayBuffers: Math.max(peak.arrayBuffers, now.arrayBuffers) }
    }, 10)
    try {
      const answer = await rawRequest(
        server,
        uploadHead(server, a, boundary, 'media/upload', multipartLength(boundary, generalId, files)),
        multipartBody(boundary, generalId, files),
      )
      expect(answer.status).toBe(200)
    } finally {
      clearInterval(sampler)
    }
    expect(await usedBy(a, await channelOf(a))).toBe(40 * MB)
    // Generous bounds, well under the 40 MB a buffered upload would add.
    expect(peak.arrayBuffers - before.arrayBuffers).toBeLessThan(16 * MB)
    expect(peak.rss - before.rss).toBeLessThan(32 * MB)
  })

  it('a fourth upload in progress for one user is 429; a finished one frees its slot', async () => {
    const a = await person(server.url)
    const other = await person(server.url)
    const { generalId } = await channelWith(a, [other])
    const boundary = `b${randomBytes(8).toString('hex')}`
    // Three uploads that send their head and the start of a file, then wait.
    const stalled = await Promise.all(
      [0, 1, 2].map(async () => {
        const socket = connect(server.port, '127.0.0.1')
        socket.on('error', () => undefined)
        await new Promise<void>((resolve) => socket.once('connect', () => resolve()))
        socket.write(uploadHead(server, a, boundary, 'media/upload', 10 * MB))
        socket.write(
          `--${boundary}\r\nContent-Disposition: form-data; name="topic_id"\r\n\r\n${generalId}\r\n--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="slow.txt"\r\n\r\naaaa`,
        )
        return socket
      }),
    )
    try {
      // All three are being received (each has its temp file) before the fourth is sent.
      const tmp = path.join(server.dataDir, 'media', 'tmp')
      await expect.poll(async () => (await readdir(tmp).catch(() => [])).length, { timeout: 10_000 }).toBe(3)
      expect((await upload(server.url, a, generalId, 'fourth.txt', text(10))).status).toBe(429)
      // Another user is not held up.
      expect((await upload(server.url, other, generalId, 'theirs.txt', text(10))).status).toBe(200)
      stalled[0]!.destroy()
      await expect.poll(async () => (await upload(server.url, a, generalId, 'later.txt', text(10))).status, { timeout: 10_000 }).toBe(200)
    } finally {
      for (const socket of stalled) socket.destroy()
    }
  })
})

/** A valid PNG whose header declares `width` x `height` (its pixel data stays tiny): an image bomb by its declared size. */
async function declaringPng(width: number, height: number): Promise<Buffer> {
  const png = Buffer.from(
    await sharp({ create: { width: 8, height: 8, channels: 3, background: '#ff0000' } })
      .png()
      .toBuffer(),
  )
  // IHDR starts at byte 8: length (4), "IHDR" (4), width (4), height (4), 5 more bytes, then its CRC over type + data.
  png.writeUInt32BE(width, 16)
  png.writeUInt32BE(height, 20)
  png.writeUInt32BE(crc32(png.subarray(12, 29)), 29)
  return png
}

function crc32(bytes: Uint8Array): number {
  let crc = 0xffffffff
  for (const byte of bytes) {
    crc ^= byte
    for (let k = 0; k < 8; k++) crc = crc & 1 ? (crc >>> 1) ^ 0xedb88320 : crc >>> 1
  }
  return (crc ^ 0xffffffff) >>> 0
}

describe('M10: image bombs', () => {
  it('a tiny PNG declaring 36 megapixels is refused (400) before decoding, and nothing is stored', async () => {
    const a = await person(server.url)
    const { generalId } = await channelWith(a, [])
    const bomb = await declaringPng(6000, 6000)
    expect(bomb.length).toBeLessThan(1000)
    expect(await sharp(bomb).metadata()).toMatchObject({ width: 6000, height: 6000 })
    const filesBefore = await storedFiles(server)
    const res = await upload(server.url, a, generalId, 'bomb.png', bomb)
    expect(res.status).toBe(400)
    expect(res.body.errors.file).toEqual(['This image has too many pixels (at most 25 megapixels)'])
    expect(await storedFiles(server)).toEqual(filesBefore)
    // 5000 x 5000 is exactly 25 MP: not refused for its size.
    expect((await upload(server.url, a, generalId, 'large.png', await declaringPng(5000, 5000))).status).toBe(200)
  })
})

describe('L1: the upload quota is charged atomically', () => {
  it('three parallel uploads of 120 kB under a 300 kB quota: two are kept, one is 413 and leaves no file', async () => {
    const a = await person(small.url)
    const { generalId } = await channelWith(a, [])
    const filesBefore = await storedFiles(small)
    const answers = await Promise.all([0, 1, 2].map((i) => upload(small.url, a, generalId, `p${i}.txt`, text(FILE))))
    expect(answers.map((r) => r.status).sort()).toEqual([200, 200, 413])
    expect(await usedBy(a, await channelOf(a))).toBe(2 * FILE)
    const added = (await storedFiles(small)).filter((f) => !filesBefore.includes(f))
    expect(added.sort()).toEqual(
      answers
        .filter((r) => r.status === 200)
        .map((r) => r.body.result.key)
        .sort(),
    )
  })
})

describe('L2: pushed messages carry no links signed for someone else; each reader links them with its own media token', () => {
  const sockets: Socket[] = []
  afterAll(() => sockets.forEach((s) => s.close()))
  const TOPIC_FILE = 'group notes'
  /** A media token the test server would accept for `userId` until `expire` (epoch seconds): the test forges what the server would sign. */
  const forged = (userId: string, expire: number) => createMediaTokens(signingKeys(TEST_JWT_SECRET).media).sign(userId, expire)
  const status = async (link: string) => (await fetch(server.url + link)).status

  it("a pushed file's link, built by the reader from the push and its own media token, opens it for the reader and nobody else", async () => {
    const [owner, reader, stranger] = await Promise.all([
      person(server.url, 'Owner'),
      person(server.url, 'Reader'),
      person(server.url, 'Stranger'),
    ])
    const { channelId } = await channelWith(owner, [reader])
    const group = await groupOf(owner, channelId, [reader], 'Pushed')
    const socket = await socketOf(server.url, reader)
    sockets.push(socket)
    const up = (await upload(server.url, owner, group, 'notes.txt', Buffer.from(TOPIC_FILE))).body.result
    const arrived = nextEvent<NewMessagePayload>(socket, 'NEW_MESSAGE')
    const sent = await owner.api('POST', 'message/send', { client_id: clientId(), topic_id: group, media_ids: [up._id] })
    const pushed = (await arrived).message
    const changed = nextEvent<MessageChangedPayload>(socket, 'MESSAGE_CHANGED')
    await owner.api('PUT', 'message/pin', { message_id: sent.body.result._id, is_pin: 1 })
    const pinned = (await changed).message
    // The pushes hold the file's key and id, no link.
    expect(pushed.media).toEqual([
      {
        _id: up._id,
        key: up.key,
        name: 'notes.txt',
        mime: 'text/plain; charset=utf-8',
        size: TOPIC_FILE.length,
        kind: 'file',
        width: null,
        height: null,
        has_thumb: false,
      },
    ])
    expect(JSON.stringify([pushed, pinned])).not.toMatch(/media\/access/)

    // The reader links it with its own media token (what the client does): the file, with no request in between.
    const link = withLinks(pushed, reader.media_token).media[0]!.url
    const answer = await fetch(server.url + link)
    expect(answer.status).toBe(200)
    expect(await answer.text()).toBe(TOPIC_FILE)
    // The reader's token after a refresh links it too.
    const refreshed = await refreshWith(server.url, reader.refresh_token)
    expect(await status(withLinks(pushed, refreshed.body.result.media_token).media[0]!.url)).toBe(200)

    // Nobody else: a stranger's own token, the reader's token given another reader's id, an expired token, a made-up one.
    expect(await status(withLinks(pushed, stranger.media_token).media[0]!.url)).toBe(403)
    const [, expire, mac] = reader.media_token.split('.')
    expect(await status(withLinks(pushed, `${stranger.user._id}.${expire}.${mac}`).media[0]!.url)).toBe(403)
    expect(await status(withLinks(pushed, `${reader.user._id}.${Number(expire) + 60}.${mac}`).media[0]!.url)).toBe(403)
    expect(await status(withLinks(pushed, forged(reader.user._id, Math.floor(Date.now() / 1000) - 1)).media[0]!.url)).toBe(403)
    expect(await status(withLinks(pushed, forged(reader.user._id, Math.floor(Date.now() / 1000) + 60)).media[0]!.url)).toBe(200)
    expect(await status(withLinks(pushed, `${reader.user._id}.${expire}`).media[0]!.url)).toBe(403)
    // The token opens files of the topics its reader belongs to, by key and topic: not a file of this topic under another topic's id.
    const other = await groupOf(owner, channelId, [reader], 'Other')
    expect(await status(withLinks({ ...pushed, topic_id: other }, reader.media_token).media[0]!.url)).toBe(404)

    // A topic the reader left: 403 with the same link.
    await owner.api('DELETE', 'topic/member', { topic_id: group, customer_id: reader.user._id })
    expect(await status(link)).toBe(403)

    // The sender's own answer has links with a token signed for them, for 15 minutes.
    const own = new URL(server.url + sent.body.result.media[0].url).searchParams.get('token')!
    const [ownId, ownExpire] = own.split('.')
    expect(ownId).toBe(owner.user._id)
    expect(Number(ownExpire) - Date.now() / 1000).toBeLessThanOrEqual(15 * 60 + 5)
  })
})

describe('L6: orphan files are swept, once across nodes', () => {
  it('deletes stored and temp files without a row that are over an hour old; keeps files with rows and young ones', async () => {
    const a = await person(server.url)
    const { generalId } = await channelWith(a, [])
    const kept = (await upload(server.url, a, generalId, 'kept.txt', Buffer.from('kept'))).body.result
    const files = path.join(server.dataDir, 'media', 'files')
    const tmp = path.join(server.dataDir, 'media', 'tmp')
    const orphan = `${randomBytes(16).toString('hex')}.png`
    const young = `${randomBytes(16).toString('hex')}.txt`
    await writeFile(path.join(files, orphan), 'lost')
    await writeFile(path.join(files, `${orphan}.thumb.jpg`), 'lost thumb')
    await writeFile(path.join(files, young), 'in progress')
    await writeFile(path.join(tmp, 'crashed.part'), 'half')
    const twoHoursAgo = new Date(Date.now() - 2 * 60 * 60_000)
    for (const file of [
      path.join(files, orphan),
      path.join(files, `${orphan}.thumb.jpg`),
      path.join(files, kept.key),
      path.join(tmp, 'crashed.part'),
    ])
      await utimes(file, twoHoursAgo, twoHoursAgo)
    expect(await server.services.media.sweepOrphans(new Date())).toBe(3)
    const left = await storedFiles(server)
    expect(left).toContain(kept.key)
    expect(left).toContain(young)
    expect(left).not.toContain(orphan)
    expect(left).not.toContain(`${orphan}.thumb.jpg`)
    expect(await readdir(tmp)).not.toContain('crashed.part')
  })

  it('two nodes ticking at once run the sweep once; again only an hour later', async () => {
    const t0 = Date.parse('2031-01-01T00:00:00Z')
    let clock = t0
    const job = orphanSweep(server.services.media, () => clock)
    expect(job.everyMs).toBe(60 * 60_000)
    const runs: number[] = []
    const counted = { ...job, name: `sweep-test-${randomBytes(4).toString('hex')}`, run: async () => (runs.push(clock), {}) }
    const node = () => createScheduler([counted], { db: server.ctx.db, log: server.app.log, now: () => clock })
    const nodes = [node(), node()]
    const tickAt = async (minutes: number) => {
      clock = t0 + minutes * 60_000
      await Promise.all(nodes.map((n) => n.runDue()))
    }
    await tickAt(0)
    expect(runs).toEqual([t0])
    await tickAt(30)
    expect(runs).toHaveLength(1)
    await tickAt(61)
    expect(runs).toEqual([t0, t0 + 61 * 60_000])
  })
})

describe('L11: a member barred from sending cannot edit or upload', () => {
  it('send_message restricted: edit and upload are 403 for a member; the admin still can', async () => {
    const [owner, member] = await Promise.all([person(server.url, 'Owner'), person(server.url, 'Member')])
    const { channelId } = await channelWith(owner, [member])
    const group = await groupOf(owner, channelId, [member], 'Announcements')
    const said = await member.api('POST', 'message/send', { client_id: clientId(), topic_id: group, message: 'before the rule' })
    expect((await owner.api('PUT', 'topic/permission', { topic_id: group, permission: { send_message: 1 } })).status).toBe(200)
    expect((await member.api('PUT', 'message/edit', { message_id: said.body.result._id, message: 'after the rule' })).status).toBe(403)
    expect((await upload(server.url, member, group, 'sneak.txt', Buffer.from('sneak'))).status).toBe(403)
    expect((await owner.api('GET', `topic/messages?topic_id=${group}`)).body.result[0].message).toBe('before the rule')
    const own = await owner.api('POST', 'message/send', { client_id: clientId(), topic_id: group, message: 'rules' })
    expect((await owner.api('PUT', 'message/edit', { message_id: own.body.result._id, message: 'the rules' })).status).toBe(200)
    expect((await upload(server.url, owner, group, 'ok.txt', Buffer.from('ok'))).status).toBe(200)
  })
})

describe('L9: bounded pages and lists', () => {
  it('message pages stop at page 100 (deeper history pages by before), storage pages at 500', async () => {
    const a = await person(server.url)
    const { generalId, channelId } = await channelWith(a, [])
    expect((await a.api('GET', `topic/messages?topic_id=${generalId}&page=100`)).status).toBe(200)
    const deep = await a.api('GET', `topic/messages?topic_id=${generalId}&page=101`)
    expect(deep.status).toBe(400)
    expect(Object.keys(deep.body.errors)).toEqual(['page'])
    expect((await a.api('GET', `topic/messages?topic_id=${generalId}&page=100000`)).status).toBe(400)
    expect((await a.api('GET', `media/storage?channel_id=${channelId}&page=500`)).status).toBe(200)
    expect((await a.api('GET', `media/storage?channel_id=${channelId}&page=501`)).status).toBe(400)
  })

  it('topic/pinned answers at most 100: the most recently pinned, in seq order', async () => {
    const a = await person(server.url)
    const b = await person(server.url)
    const dm = (await a.api('GET', `topic/chat-friend?customer_id=${b.user._id}`)).body.result._id
    const ids: string[] = []
    for (let i = 0; i < 101; i++)
      ids.push((await a.api('POST', 'message/send', { client_id: clientId(), topic_id: dm, message: `m${i}` })).body.result._id)
    // Pinned newest first, so the first message is the one pinned longest ago.
    for (const id of [...ids].reverse()) expect((await a.api('PUT', 'message/pin', { message_id: id, is_pin: 1 })).status).toBe(200)
    const pinned = (await b.api('GET', `topic/pinned?topic_id=${dm}`)).body.result as { _id: string }[]
    expect(pinned.map((m) => m._id)).toEqual(ids.slice(0, 100))
  })
})
