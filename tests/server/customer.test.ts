import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { readdir } from 'node:fs/promises'
import path from 'node:path'
import sharp from 'sharp'
import { endpoints, SERVER_MESSAGES } from '../../contract'
import { channelMembers, channels } from '../../server/db/schema'
import { type Account, call, register, startTestServer, type TestServer } from './harness'

let server: TestServer
let base: string
let me: Account

beforeAll(async () => {
  server = await startTestServer()
  base = server.url
  me = await register(base, { name: 'Customer One' })
})
afterAll(async () => {
  await server?.stop()
})

const put = (url: string, body?: unknown, token = me.access_token, headers?: Record<string, string>) =>
  call(base, 'PUT', url, { body, token, headers })

const image = (format: 'jpeg' | 'png', width = 600, height = 400) => {
  const blank = sharp({ create: { width, height, channels: 3, background: { r: 200, g: 40, b: 90 } } })
  return (format === 'jpeg' ? blank.jpeg() : blank.png()).toBuffer()
}

function upload(bytes: Buffer, filename: string, type: string, token = me.access_token, field = 'file') {
  const form = new FormData()
  form.append(field, new Blob([new Uint8Array(bytes)], { type }), filename)
  return call(base, 'POST', `/api/${endpoints.avatar.path}`, { raw: form, token })
}

describe('customer/user-info', () => {
  it('answers the contract User shape exactly', async () => {
    const res = await call(base, 'GET', '/api/customer/user-info', { token: me.access_token })
    expect(res.status).toBe(200)
    const u = res.body.result
    expect(Object.keys(u).sort()).toEqual([
      '_id',
      'account',
      'created_at',
      'email',
      'email_verified',
      'name',
      'package',
      'photo_url',
      'workid',
    ])
    expect(Object.keys(u.account).sort()).toEqual([
      'channel',
      'language',
      'only_friend_call',
      'only_friend_chat',
      'only_friend_invite_topic',
      'read_receipts',
      'skip_tutorial',
      'sounds',
      'start_with',
      'use_for',
      'website',
    ])
    expect(u._id).toBe(me.user._id)
    expect(new Date(u.created_at).toISOString()).toBe(u.created_at)
  })
})

describe('customer/update-profile: exactly one field per call', () => {
  it('updates each field on its own and answers the user', async () => {
    let res = await put('/api/customer/update-profile', { name: '  Renamed Person ' })
    expect(res.status).toBe(200)
    expect(res.body.result.name).toBe('Renamed Person')
    for (const field of ['only_friend_call', 'only_friend_invite_topic', 'only_friend_chat'] as const) {
      res = await put('/api/customer/update-profile', { [field]: 1 })
      expect(res.status).toBe(200)
      expect(res.body.result.account[field]).toBe(1)
    }
    res = await put('/api/customer/update-profile', { sounds: 0 })
    expect(res.body.result.account.sounds).toBe(0)
    res = await put('/api/customer/update-profile', { read_receipts: 0 })
    expect(res.body.result.account.read_receipts).toBe(0)
    const info = await call(base, 'GET', '/api/customer/user-info', { token: me.access_token })
    expect(info.body.result.account).toMatchObject({ only_friend_call: 1, only_friend_invite_topic: 1, only_friend_chat: 1, sounds: 0 })
    expect(info.body.result.name).toBe('Renamed Person')
  })

  it('zero or two fields -> 400 oneFieldPerCall, nothing changes', async () => {
    for (const body of [{}, undefined, { sounds: 1, only_friend_call: 0 }]) {
      const res = await put('/api/customer/update-profile', body)
      expect(res.status).toBe(400)
      expect(res.body.message).toBe(SERVER_MESSAGES.oneFieldPerCall.en)
    }
    const info = await call(base, 'GET', '/api/customer/user-info', { token: me.access_token })
    expect(info.body.result.account.sounds).toBe(0)
  })

  it('bad values are field errors', async () => {
    const cases: [unknown, string][] = [
      [{ sounds: 2 }, 'sounds'],
      [{ sounds: true }, 'sounds'],
      [{ name: '' }, 'name'],
      [{ name: 'x'.repeat(76) }, 'name'],
      [{ email: 'new@example.com' }, 'email'],
      [{ package: 'growth' }, 'package'],
    ]
    for (const [body, field] of cases) {
      const res = await put('/api/customer/update-profile', body)
      expect(res.status, JSON.stringify(body)).toBe(400)
      expect(res.body.errors[field], JSON.stringify(body)).toBeDefined()
    }
  })
})

describe('onboarding and preferences', () => {
  it('skip-tutorial', async () => {
    const res = await put('/api/customer/skip-tutorial')
    expect(res.status).toBe(200)
    expect(res.body.result.account.skip_tutorial).toBe(1)
    const withJsonHeaderNoBody = await fetch(`${base}/api/customer/skip-tutorial`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${me.access_token}`, 'content-type': 'application/json' },
    })
    expect(withJsonHeaderNoBody.status).toBe(200)
  })

  it('use-for', async () => {
    expect((await put('/api/customer/use-for', { use_for: 'business' })).body.result.account.use_for).toBe('business')
    const bad = await put('/api/customer/use-for', { use_for: 'school' })
    expect(bad.status).toBe(400)
    expect(bad.body.errors.use_for).toBeDefined()
  })

  it('start-with (website optional)', async () => {
    let res = await put('/api/customer/start-with', { start_with: 'Acme Ltd', website: 'https://acme.test' })
    expect(res.body.result.account).toMatchObject({ start_with: 'Acme Ltd', website: 'https://acme.test' })
    res = await put('/api/customer/start-with', { start_with: 'Acme Two' })
    expect(res.body.result.account).toMatchObject({ start_with: 'Acme Two', website: null })
    const bad = await put('/api/customer/start-with', { website: 'https://x.test' })
    expect(bad.body.errors.start_with).toBeDefined()
  })

  it('update-fcm-token', async () => {
    const subscription = { endpoint: 'https://fcm.googleapis.com/fcm/send/device-1', keys: { p256dh: 'BPk', auth: 'au' } }
    expect((await put('/api/customer/update-fcm-token', { fcm_token: JSON.stringify(subscription) })).body).toEqual({
      result: { saved: true },
    })
    expect((await put('/api/customer/update-fcm-token', { fcm_token: 'token-123' })).body.errors.fcm_token).toBeDefined()
    expect((await put('/api/customer/update-fcm-token', {})).body.errors.fcm_token).toBeDefined()
  })

  it('workid/update-language sets the language; messages follow Accept-Language', async () => {
    const res = await put('/api/workid/update-language', { language: 'vi' }, me.access_token, { 'accept-language': 'vi' })
    expect(res.status).toBe(200)
    expect(res.body.result.account.language).toBe('vi')
    const info = await call(base, 'GET', '/api/customer/user-info', { token: me.access_token })
    expect(info.body.result.account.language).toBe('vi')
    const bad = await put('/api/workid/update-language', { language: 'fr' }, me.access_token, { 'accept-language': 'vi' })
    expect(bad.status).toBe(400)
    expect(bad.body.message).toBe(SERVER_MESSAGES.invalidInput.vi)
    expect(bad.body.errors.language).toBeDefined()
    // Emails follow the account language.
    await call(base, 'POST', '/api/auth/forgot-password', { body: { email: me.email } })
    const { lastEmail } = await import('./harness')
    expect((await lastEmail(server, me.email)).subject).toContain('đặt lại mật khẩu')
    expect((await put('/api/workid/update-language', { language: 'en' })).body.result.account.language).toBe('en')
  })
})

describe('customer/current-channel', () => {
  it('404 for an unknown channel, 403 when not a member, 200 when a member', async () => {
    const [mine] = await server.ctx.db.insert(channels).values({ name: 'Mine', createdBy: me.user._id }).returning()
    const [theirs] = await server.ctx.db.insert(channels).values({ name: 'Theirs' }).returning()
    await server.ctx.db.insert(channelMembers).values({ channelId: mine!.id, userId: me.user._id, role: 40 })

    const unknown = await put('/api/customer/current-channel', { channel_id: 'no-such-channel' })
    expect(unknown.status).toBe(404)
    expect(unknown.body.message).toBe(SERVER_MESSAGES.notFound.en)
    const notMember = await put('/api/customer/current-channel', { channel_id: theirs!.id })
    expect(notMember.status).toBe(403)
    expect(notMember.body.message).toBe('Permission denied')
    const ok = await put('/api/customer/current-channel', { channel_id: mine!.id })
    expect(ok.status).toBe(200)
    expect(ok.body.result.account.channel).toBe(mine!.id)
    expect((await put('/api/customer/current-channel', {})).body.errors.channel_id).toBeDefined()
  })
})

describe('customer/avatar', () => {
  it('accepts a JPEG, stores a 256x256 JPEG and serves it publicly with long caching', async () => {
    const res = await upload(await image('jpeg'), 'me.jpg', 'image/jpeg')
    expect(res.status).toBe(200)
    const url: string = res.body.result.photo_url
    expect(url).toMatch(/^\/api\/media\/avatars\/[a-f0-9]{32}\.jpg$/)
    const file = await fetch(base + url)
    expect(file.status).toBe(200)
    expect(file.headers.get('content-type')).toBe('image/jpeg')
    expect(file.headers.get('cache-control')).toContain('immutable')
    const meta = await sharp(Buffer.from(await file.arrayBuffer())).metadata()
    expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', 256, 256])
  })

  it('accepts a PNG (whatever its name says) and replaces the previous file', async () => {
    const before = (await call(base, 'GET', '/api/customer/user-info', { token: me.access_token })).body.result.photo_url
    const res = await upload(await image('png', 300, 900), 'picture.bin', 'application/octet-stream')
    expect(res.status).toBe(200)
    expect(res.body.result.photo_url).not.toBe(before)
    expect((await fetch(base + before)).status).toBe(404)
    const files = await readdir(path.join(server.dataDir, 'media', 'avatars'))
    expect(files).toEqual([path.basename(res.body.result.photo_url)])
  })

  it('refuses an .exe renamed .png by its content', async () => {
    const exe = Buffer.concat([Buffer.from('MZ\x90\x00\x03\x00\x00\x00', 'latin1'), Buffer.alloc(2048, 7)])
    const res = await upload(exe, 'cat.png', 'image/png')
    expect(res.status).toBe(400)
    expect(res.body.message).toBe('You can only upload JPG/PNG file')
    expect(res.body.errors.file).toEqual(['You can only upload JPG/PNG file'])
  })

  it('refuses other image types and broken images with the same message', async () => {
    const gif = Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'latin1')
    expect((await upload(gif, 'a.gif', 'image/gif')).body.message).toBe(SERVER_MESSAGES.avatarType.en)
    const webp = await sharp({ create: { width: 10, height: 10, channels: 3, background: '#000' } })
      .webp()
      .toBuffer()
    expect((await upload(webp, 'a.jpg', 'image/jpeg')).status).toBe(400)
    const fakePng = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(100, 1)])
    const broken = await upload(fakePng, 'a.png', 'image/png')
    expect(broken.status).toBe(400)
    expect(broken.body.message).toBe(SERVER_MESSAGES.avatarType.en)
    const vi = await call(base, 'POST', `/api/${endpoints.avatar.path}`, {
      raw: (() => {
        const f = new FormData()
        f.append('file', new Blob([gif]), 'a.gif')
        return f
      })(),
      token: me.access_token,
      headers: { 'accept-language': 'vi' },
    })
    expect(vi.body.message).toBe(SERVER_MESSAGES.avatarType.vi)
    // Refused or kept, nothing stays behind in the upload pipeline's temp dir.
    expect(await readdir(path.join(server.dataDir, 'media', 'tmp'))).toEqual([])
  })

  it('refuses more than 5 MB with 413', async () => {
    const big = Buffer.concat([await image('jpeg', 64, 64), Buffer.alloc(5 * 1024 * 1024 + 10, 0)])
    const res = await upload(big, 'big.jpg', 'image/jpeg')
    expect(res.status).toBe(413)
    expect(res.body.message).toBe(SERVER_MESSAGES.fileTooLarge.en)
  })

  it('no file, or not multipart -> 400 errors.file', async () => {
    const empty = new FormData()
    empty.append('note', 'no file here')
    const noFile = await call(base, 'POST', `/api/${endpoints.avatar.path}`, { raw: empty, token: me.access_token })
    expect(noFile.status).toBe(400)
    expect(noFile.body.errors.file).toBeDefined()
    const json = await call(base, 'POST', `/api/${endpoints.avatar.path}`, { body: { file: 'x' }, token: me.access_token })
    expect(json.status).toBe(400)
    expect(json.body.errors.file).toBeDefined()
  })
})

describe('authentication on every customer endpoint', () => {
  const calls: [string, string, unknown?][] = [
    ['GET', `/api/${endpoints.userInfo.path}`],
    ['PUT', `/api/${endpoints.updateProfile.path}`, { sounds: 1 }],
    ['POST', `/api/${endpoints.avatar.path}`],
    ['PUT', `/api/${endpoints.skipTutorial.path}`],
    ['PUT', `/api/${endpoints.useFor.path}`, { use_for: 'personal' }],
    ['PUT', `/api/${endpoints.startWith.path}`, { start_with: 'x' }],
    ['PUT', `/api/${endpoints.currentChannel.path}`, { channel_id: 'x' }],
    ['PUT', `/api/${endpoints.updateFcmToken.path}`, { fcm_token: 'x' }],
    ['PUT', `/api/${endpoints.updateLanguage.path}`, { language: 'vi' }],
    ['POST', `/api/${endpoints.logout.path}`, {}],
  ]

  for (const [method, url, body] of calls) {
    it(`${method} ${url}: 401 without a token, with garbage, and with a non-Bearer scheme`, async () => {
      const none = await call(base, method, url, { body })
      expect(none.status).toBe(401)
      expect(none.body).toEqual({ message: SERVER_MESSAGES.unauthenticated.en })
      expect((await call(base, method, url, { body, token: 'not.a.jwt' })).status).toBe(401)
      expect((await call(base, method, url, { body, headers: { authorization: `Basic ${me.access_token}` } })).status).toBe(401)
      // Bad body and no token: still 401 (authentication comes first).
      if (method !== 'GET') expect((await call(base, method, url, { raw: '{oops' })).status).toBe(401)
    })
  }
})
