import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { createServer } from 'node:net'
import os from 'node:os'
import path from 'node:path'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ServerOptions } from '../../server/config'
import { startServerProcess } from '../support/server-process'
import { channelWith, clientId, type Person, person } from './chat-fixtures'
import { call, DATABASE_URL, REDIS_URL, startTestServer, type TestServer } from './harness'
import { startTestS3 } from './s3-server'

/**
 * The README's two nodes: one PostgreSQL, one Redis, one JWT_SECRET, each node its own DATA_DIR.
 * A file uploaded through node 1 loads through node 2 when the nodes share a MEDIA_DIR or an S3
 * bucket; with media left in each DATA_DIR it does not, and the nodes say so when they start.
 */

interface Shared {
  name: string
  /** What both nodes are started with, and how to take it down. */
  start(): Promise<{ options: ServerOptions; stop(): Promise<void> }>
}

const sharedMedia: Shared[] = [
  {
    name: 'a shared MEDIA_DIR',
    async start() {
      const mediaDir = await mkdtemp(path.join(os.tmpdir(), 'workroom-shared-media-'))
      return { options: { mediaDir }, stop: () => rm(mediaDir, { recursive: true, force: true }) }
    },
  },
  {
    name: 'an S3 bucket',
    async start() {
      const s3 = await startTestS3()
      return { options: { s3: s3.settings }, stop: () => s3.stop() }
    },
  },
]

const png = (width: number, height: number, background: string) =>
  sharp({ create: { width, height, channels: 3, background } })
    .png()
    .toBuffer()

function upload(base: string, who: Person, bytes: Buffer, name: string, fields: Record<string, string>) {
  const form = new FormData()
  for (const [field, value] of Object.entries(fields)) form.set(field, value)
  form.set('file', new Blob([new Uint8Array(bytes)]), name)
  return call(base, 'POST', '/api/media/upload', { token: who.access_token, raw: form })
}

/** A picture A uploads through node 1 into a chat with B, sent in a message; B's copy of it, read through node 2. */
async function pictureFromNodeOne(one: TestServer, two: TestServer) {
  const [a, b] = await Promise.all([person(one.url, 'A'), person(one.url, 'B')])
  const { generalId } = await channelWith(a, [b])
  const picture = await png(800, 400, '#cc6633')
  const up = await upload(one.url, a, picture, 'holiday.png', { topic_id: generalId, acl: 'private' })
  expect(up.status).toBe(200)
  const sent = await a.api('POST', 'message/send', { client_id: clientId(), topic_id: generalId, media_ids: [up.body.result._id] })
  expect(sent.status).toBe(200)
  const onTwo = await call(two.url, 'GET', `/api/topic/messages?topic_id=${generalId}`, { token: b.access_token })
  return { a, b, picture, mine: up.body.result, theirs: onTwo.body.result[0].media[0] }
}

describe.runIf(DATABASE_URL && REDIS_URL)('two nodes on one PostgreSQL and Redis, each with its own DATA_DIR', () => {
  describe.each(sharedMedia)('sharing $name', (shared) => {
    let media: Awaited<ReturnType<Shared['start']>>
    let one: TestServer
    let two: TestServer
    beforeAll(async () => {
      media = await shared.start()
      one = await startTestServer(media.options)
      two = await startTestServer(media.options)
    })
    afterAll(async () => {
      await Promise.all([one?.stop(), two?.stop()])
      await media?.stop()
    })

    it('a picture A uploads through node 1 loads for B through node 2, with its thumbnail', async () => {
      expect(one.dataDir).not.toBe(two.dataDir)
      const { picture, theirs } = await pictureFromNodeOne(one, two)
      const file = await fetch(two.url + theirs.url)
      expect(file.status).toBe(200)
      expect(Buffer.from(await file.arrayBuffer()).equals(picture)).toBe(true)
      const thumb = await fetch(two.url + theirs.thumb_url)
      expect(thumb.status).toBe(200)
      const meta = await sharp(Buffer.from(await thumb.arrayBuffer())).metadata()
      expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', 320, 160])
    })

    it('an avatar and a public image stored through node 1 are served by node 2', async () => {
      const a = await person(one.url, 'A')
      const form = new FormData()
      form.set('file', new Blob([new Uint8Array(await png(300, 300, '#1188ff'))]), 'me.png')
      const avatar = (await call(one.url, 'POST', '/api/customer/avatar', { token: a.access_token, raw: form })).body.result.photo_url
      expect((await fetch(two.url + avatar)).status).toBe(200)
      const banner = await png(200, 100, '#22aa22')
      const up = (await upload(one.url, a, banner, 'banner.png', { acl: 'public' })).body.result
      const served = await fetch(`${two.url}/api/media/public/${up.key}`)
      expect(Buffer.from(await served.arrayBuffer()).equals(banner)).toBe(true)
    })

    it('a purge through node 2 deletes the file that node 1 stored, for both nodes', async () => {
      const { a, theirs, mine } = await pictureFromNodeOne(one, two)
      expect((await fetch(one.url + theirs.url)).status).toBe(200)
      expect((await call(two.url, 'DELETE', '/api/media/purge', { token: a.access_token, body: { media_id: mine._id } })).status).toBe(200)
      for (const node of [one, two]) {
        expect((await fetch(node.url + theirs.url)).status).toBe(404)
        expect(await node.services.media.read(mine.key)).toBeNull()
        expect(await node.services.media.read(`${mine.key}.thumb.jpg`)).toBeNull()
      }
    })
  })

  describe('media left in each DATA_DIR', () => {
    let one: TestServer
    let two: TestServer
    beforeAll(async () => {
      ;[one, two] = await Promise.all([startTestServer(), startTestServer()])
    })
    afterAll(() => Promise.all([one?.stop(), two?.stop()]))

    it('node 2 does not have a file uploaded through node 1', async () => {
      const { theirs } = await pictureFromNodeOne(one, two)
      expect((await fetch(one.url + theirs.url)).status).toBe(200)
      expect((await fetch(two.url + theirs.url)).status).toBe(404)
    })

    it('`npm run serve` warns at start that media are not shared, and says what to set', async () => {
      const port = await new Promise<number>((resolve) => {
        const probe = createServer().listen(0, '127.0.0.1', () => {
          const { port } = probe.address() as { port: number }
          probe.close(() => resolve(port))
        })
      })
      const env = { DATABASE_URL: DATABASE_URL!, REDIS_URL: REDIS_URL!, MEDIA_DIR: '', S3_BUCKET: '' }
      const node = await startServerProcess(port, { ...env, JWT_SECRET: 'node-secret-node-secret-node-secret-0123456789' })
      try {
        const lines = (await readFile(node.logFile, 'utf8'))
          .split('\n')
          .filter((line) => line.startsWith('{'))
          .map((line) => JSON.parse(line) as { level: number; msg: string })
        const warnings = lines.filter((line) => line.level === 40 && line.msg.includes('MEDIA_DIR'))
        expect(warnings).toHaveLength(1)
        expect(warnings[0]!.msg).toContain('S3_BUCKET')
      } finally {
        await node.stop()
        await rm(path.dirname(node.logFile), { recursive: true, force: true })
      }
    })
  })
})
