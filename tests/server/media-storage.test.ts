import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { optionsFromEnv } from '../../server/env-options'
import { resolveConfig } from '../../server/config'
import { mediaSharingWarning } from '../../server/storage/object-store'
import { channelWith, clientId, type Person, person } from './chat-fixtures'
import { call, startTestServer, type TestServer } from './harness'
import { startTestS3, type TestS3 } from './s3-server'

/**
 * Media kept outside the node's DATA_DIR: in a MEDIA_DIR, in an S3 bucket read through the
 * server, and in an S3 bucket the file links redirect to (presigned). Each backend runs the same
 * uploads, thumbnails, signed access, avatars, public images, trash/purge, cancel and orphan sweep;
 * what the backend holds is read beside the server (the directory, or the bucket through the
 * test's own S3 client), and nothing lands in DATA_DIR/media but upload temp files.
 */

interface Backend {
  name: string
  start(): Promise<{
    server: TestServer
    held(): Promise<string[]>
    plant(key: string, body: Buffer): Promise<void>
    stop(): Promise<void>
  }>
  presigned: boolean
}

/** Files under a directory (relative, `/`-separated), upload temp files left out. */
async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true }).catch(() => [])
  return entries
    .filter((e) => e.isFile())
    .map((e) => path.relative(dir, path.join(e.parentPath, e.name)).split(path.sep).join('/'))
    .filter((f) => !f.startsWith('tmp/'))
    .sort()
}

const s3Backend = (presigned: boolean): Backend => ({
  name: presigned ? 'an S3 bucket, links redirect to presigned URLs' : 'an S3 bucket, read through the server',
  presigned,
  async start() {
    const s3: TestS3 = await startTestS3()
    const server = await startTestServer({ s3: { ...s3.settings, presignedReads: presigned } })
    return {
      server,
      held: () => s3.keys(),
      plant: (key, body) => s3.put(key, body),
      async stop() {
        await server.stop()
        await s3.stop()
      },
    }
  },
})

const backends: Backend[] = [
  {
    name: 'a MEDIA_DIR outside DATA_DIR',
    presigned: false,
    async start() {
      const mediaDir = await mkdtemp(path.join(os.tmpdir(), 'workroom-media-dir-'))
      const server = await startTestServer({ mediaDir })
      return {
        server,
        held: () => filesUnder(mediaDir),
        async plant(key, body) {
          await writeFile(path.join(mediaDir, ...key.split('/')), body)
        },
        async stop() {
          await server.stop()
          await rm(mediaDir, { recursive: true, force: true })
        },
      }
    },
  },
  s3Backend(false),
  s3Backend(true),
]

const png = (width: number, height: number, background = '#3366cc') =>
  sharp({ create: { width, height, channels: 3, background } })
    .png()
    .toBuffer()

function upload(base: string, who: Person, bytes: Buffer, name: string, fields: { topic_id?: string; acl?: string } = {}) {
  const form = new FormData()
  for (const [field, value] of Object.entries(fields)) if (value) form.set(field, value)
  form.set('file', new Blob([new Uint8Array(bytes)]), name)
  return call(base, 'POST', '/api/media/upload', { token: who.access_token, raw: form })
}

describe.each(backends)('media in $name', (backend) => {
  let node: Awaited<ReturnType<Backend['start']>>
  let base: string
  let owner: Person
  let reader: Person
  let generalId: string
  let channelId: string
  beforeAll(async () => {
    node = await backend.start()
    base = node.server.url
    ;[owner, reader] = await Promise.all([person(base, 'Owner'), person(base, 'Reader')])
    ;({ generalId, channelId } = await channelWith(owner, [reader]))
  })
  afterAll(() => node?.stop())

  /** A file link as the browser follows it (through the bucket's presigned URL when links redirect). */
  const open = (url: string, headers: Record<string, string> = {}) => fetch(base + url, { headers })

  /** An upload by the owner to General, sent in a message; the reader's copy of it. */
  async function shared(bytes: Buffer, name: string) {
    const up = await upload(base, owner, bytes, name, { topic_id: generalId })
    expect(up.status).toBe(200)
    await owner.api('POST', 'message/send', { client_id: clientId(), topic_id: generalId, media_ids: [up.body.result._id] })
    const [message] = (await reader.api('GET', `topic/messages?topic_id=${generalId}`)).body.result
    return { mine: up.body.result, theirs: message.media[0] }
  }

  it('an uploaded image and its thumbnail are stored there and read through their signed links', async () => {
    const image = await png(640, 480)
    const { mine, theirs } = await shared(image, 'photo.png')
    expect(await node.held()).toEqual(expect.arrayContaining([`files/${mine.key}`, `files/${mine.key}.thumb.jpg`]))
    const file = await open(theirs.url)
    expect(file.status).toBe(200)
    expect(file.headers.get('content-type')).toBe('image/png')
    expect(Buffer.from(await file.arrayBuffer()).equals(image)).toBe(true)
    const thumb = await open(theirs.thumb_url)
    expect(thumb.status).toBe(200)
    expect(thumb.headers.get('content-type')).toBe('image/jpeg')
    const meta = await sharp(Buffer.from(await thumb.arrayBuffer())).metadata()
    expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', 320, 240])
    // Not on the node's own disk: DATA_DIR/media holds upload temp files at most.
    expect(await filesUnder(path.join(node.server.dataDir, 'media'))).toEqual([])
    expect(await readdir(path.join(node.server.dataDir, 'media', 'tmp')).catch(() => [])).toEqual([])
  })

  it('a file is downloaded under its name, and a Range of it is answered 206 with those bytes', async () => {
    const text = Buffer.from('0123456789abcdefghijklmnopqrstuvwxyz')
    const { theirs } = await shared(text, 'notes.txt')
    const whole = await open(theirs.url)
    expect(whole.headers.get('content-disposition')).toBe("attachment; filename*=UTF-8''notes.txt")
    expect(await whole.text()).toBe(text.toString())
    for (const [range, bytes, contentRange] of [
      ['bytes=10-15', 'abcdef', 'bytes 10-15/36'],
      ['bytes=30-', 'uvwxyz', 'bytes 30-35/36'],
      // Followed to the bucket, a range is the bucket's to serve (and s3rver reads `bytes=-n` as `bytes=0-n`).
      ...(backend.presigned ? [] : [['bytes=-3', 'xyz', 'bytes 33-35/36'] as const]),
    ] as const) {
      const part = await open(theirs.url, { range })
      expect([range, part.status, part.headers.get('content-range'), await part.text()]).toEqual([range, 206, contentRange, bytes])
    }
    // Past the end, several ranges, another unit: the server sends the whole file (it may ignore Range).
    for (const range of backend.presigned ? [] : ['bytes=36-', 'bytes=0-1,4-5', 'lines=1-2', `bytes=${'9'.repeat(30)}-`]) {
      const whole = await open(theirs.url, { range })
      expect([range, whole.status, await whole.text()]).toEqual([range, 200, text.toString()])
    }
  })

  if (backend.presigned)
    it('links redirect to a presigned URL of the bucket, valid two minutes at least, which the pages may load images from', async () => {
      const { theirs } = await shared(await png(40, 30), 'small.png')
      const redirect = await fetch(base + theirs.thumb_url, { redirect: 'manual' })
      expect(redirect.status).toBe(302)
      const location = new URL(redirect.headers.get('location')!)
      expect(location.origin).toBe(node.server.ctx.config.s3!.endpoint)
      expect(location.pathname).toMatch(/\/workroom-media\/files\/[0-9a-f]{32}\.png\.thumb\.jpg$/)
      const signedAt = Date.parse(
        location.searchParams.get('X-Amz-Date')!.replace(/^(\d{4})(\d\d)(\d\d)T(\d\d)(\d\d)(\d\d)Z$/, '$1-$2-$3T$4:$5:$6Z'),
      )
      const validUntil = signedAt + Number(location.searchParams.get('X-Amz-Expires')) * 1000
      expect(validUntil - Date.now()).toBeGreaterThanOrEqual(119_000)
      expect(validUntil - Date.now()).toBeLessThanOrEqual(7 * 60_000)
      const page = await fetch(base + '/')
      const imgSrc = /img-src ([^;]+)/.exec(page.headers.get('content-security-policy') ?? '')![1]!.split(' ')
      expect(imgSrc).toContain(location.origin)
    })

  it('links refuse a reader removed from the topic (the membership check stays before the store)', async () => {
    const group = (await owner.api('POST', 'channel/add-topic', { channel_id: channelId, name: 'Plans', customer_ids: [reader.user._id] }))
      .body.result._id
    const up = (await upload(base, owner, Buffer.from('secret plans'), 'plans.txt', { topic_id: group })).body.result
    await owner.api('POST', 'message/send', { client_id: clientId(), topic_id: group, media_ids: [up._id] })
    const link = (await reader.api('GET', `topic/messages?topic_id=${group}`)).body.result[0].media[0].url
    expect((await open(link)).status).toBe(200)
    expect((await owner.api('DELETE', 'topic/member', { topic_id: group, customer_id: reader.user._id })).status).toBe(200)
    expect((await fetch(base + link, { redirect: 'manual' })).status).toBe(403)
  })

  it('an avatar is stored there, served publicly, and the one it replaces is deleted', async () => {
    const send = async (bytes: Buffer) => {
      const form = new FormData()
      form.set('file', new Blob([new Uint8Array(bytes)]), 'me.png')
      const res = await call(base, 'POST', '/api/customer/avatar', { token: reader.access_token, raw: form })
      expect(res.status).toBe(200)
      return res.body.result.photo_url as string
    }
    const first = await send(await png(300, 200, '#aa0000'))
    const file = path.basename(first)
    expect(await node.held()).toContain(`avatars/${file}`)
    const served = await fetch(base + first)
    expect(served.status).toBe(200)
    expect(served.headers.get('cache-control')).toContain('immutable')
    expect(await sharp(Buffer.from(await served.arrayBuffer())).metadata()).toMatchObject({ format: 'jpeg', width: 256, height: 256 })
    const second = await send(await png(200, 300, '#00aa00'))
    expect((await node.held()).filter((k) => k.startsWith('avatars/'))).toContain(`avatars/${path.basename(second)}`)
    expect(await node.held()).not.toContain(`avatars/${file}`)
    expect((await fetch(base + first)).status).toBe(404)
    expect((await fetch(`${base}/api/media/avatars/..%2F..%2Fsecret`)).status).toBe(404)
  })

  it('a public image is stored there and served at media/public', async () => {
    const banner = await png(120, 60, '#999900')
    const up = await upload(base, owner, banner, 'banner.png', { acl: 'public' })
    expect(up.status).toBe(200)
    expect(await node.held()).toContain(`files/${up.body.result.key}`)
    const served = await fetch(`${base}/api/media/public/${up.body.result.key}`)
    expect(served.status).toBe(200)
    expect(Buffer.from(await served.arrayBuffer()).equals(banner)).toBe(true)
  })

  it('trash hides a file, restore brings it back, purge deletes it and its thumbnail from the store', async () => {
    const { mine, theirs } = await shared(await png(64, 64, '#123456'), 'gone.png')
    expect((await owner.api('PUT', 'media/trash', { media_id: mine._id })).status).toBe(200)
    expect((await fetch(base + theirs.url, { redirect: 'manual' })).status).toBe(404)
    expect((await owner.api('PUT', 'media/restore', { media_id: mine._id })).status).toBe(200)
    expect((await open(theirs.url)).status).toBe(200)
    expect((await owner.api('DELETE', 'media/purge', { media_id: mine._id })).status).toBe(200)
    expect((await node.held()).filter((k) => k.includes(mine.key))).toEqual([])
    expect((await fetch(base + theirs.thumb_url, { redirect: 'manual' })).status).toBe(404)
  })

  it('a cancelled upload leaves nothing in the store', async () => {
    const up = (await upload(base, owner, await png(50, 50), 'draft.png', { topic_id: generalId })).body.result
    expect((await node.held()).filter((k) => k.includes(up.key))).toHaveLength(2)
    expect((await owner.api('DELETE', `media/cancel-upload?media_id=${up._id}`)).status).toBe(200)
    expect((await node.held()).filter((k) => k.includes(up.key))).toEqual([])
  })

  it('the orphan sweep deletes stored objects no row names, and keeps the rest', async () => {
    const kept = (await upload(base, owner, Buffer.from('kept'), 'kept.txt', { topic_id: generalId })).body.result.key
    const orphan = 'f'.repeat(32) + '.png'
    await node.plant(`files/${orphan}`, Buffer.from('lost'))
    await node.plant(`files/${orphan}.thumb.jpg`, Buffer.from('lost thumb'))
    // Two hours on, everything stored is old enough: only the orphan and its thumbnail go.
    const swept = await node.server.services.media.sweepOrphans(new Date(Date.now() + 2 * 60 * 60_000))
    expect(swept).toBeGreaterThanOrEqual(2)
    const held = await node.held()
    expect(held).toContain(`files/${kept}`)
    expect(held.filter((k) => k.includes(orphan))).toEqual([])
  })
})

describe('settings', () => {
  const dataDir = path.resolve('/srv/workroom')
  const configOf = async (env: Record<string, string>) =>
    resolveConfig(optionsFromEnv({ JWT_SECRET: 'x'.repeat(40), DATA_DIR: dataDir, ...env }, { port: 0, host: '127.0.0.1' }))

  it('MEDIA_DIR and S3_* from the environment', async () => {
    expect((await configOf({})).mediaDir).toBe(path.join(dataDir, 'media'))
    expect((await configOf({ MEDIA_DIR: '/mnt/shared/media' })).mediaDir).toBe(path.resolve('/mnt/shared/media'))
    const s3 = await configOf({
      S3_BUCKET: 'b',
      S3_ENDPOINT: 'http://minio:9000/',
      S3_ACCESS_KEY_ID: 'id',
      S3_SECRET_ACCESS_KEY: 'secret',
      S3_FORCE_PATH_STYLE: 'true',
      S3_PRESIGNED_READS: '1',
    })
    expect(s3.s3).toEqual({
      bucket: 'b',
      region: 'us-east-1',
      endpoint: 'http://minio:9000',
      accessKeyId: 'id',
      secretAccessKey: 'secret',
      forcePathStyle: true,
      presignedReads: true,
    })
    expect((await configOf({})).s3).toBeUndefined()
  })

  it('refuses half an S3 configuration at start', async () => {
    await expect(configOf({ S3_ENDPOINT: 'http://minio:9000' })).rejects.toThrow('S3_BUCKET is not set')
    await expect(configOf({ S3_BUCKET: 'b', S3_ACCESS_KEY_ID: 'id' })).rejects.toThrow('S3_SECRET_ACCESS_KEY')
    await expect(configOf({ S3_BUCKET: 'b', S3_FORCE_PATH_STYLE: 'yes' })).rejects.toThrow('S3_FORCE_PATH_STYLE must be true or false')
  })

  it('warns when nodes share PostgreSQL or Redis but media stay in DATA_DIR', async () => {
    const several = { DATABASE_URL: 'postgres://db/workroom', REDIS_URL: 'redis://cache:6379' }
    expect(mediaSharingWarning(await configOf(several))).toContain('Set MEDIA_DIR')
    expect(mediaSharingWarning(await configOf({ REDIS_URL: 'redis://cache:6379' }))).toContain('Set MEDIA_DIR')
    expect(mediaSharingWarning(await configOf({}))).toBeNull()
    expect(mediaSharingWarning(await configOf({ ...several, MEDIA_DIR: '/mnt/shared/media' }))).toBeNull()
    expect(mediaSharingWarning(await configOf({ ...several, S3_BUCKET: 'b' }))).toBeNull()
  })
})
