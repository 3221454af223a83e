import { readdir } from 'node:fs/promises'
import { connect } from 'node:net'
import path from 'node:path'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { call, nextEvent, silence, startTestServer, type TestServer } from './harness'
import { channelWith, clientId, type Person, person, socketOf } from './chat-fixtures'

let server: TestServer
let base: string
beforeAll(async () => {
  server = await startTestServer()
  base = server.url
})
afterAll(() => server.stop())

async function upload(who: Person, topicId: string, name: string, bytes: Buffer, url = 'media/upload') {
  const form = new FormData()
  form.set('topic_id', topicId)
  form.set('acl', 'private')
  form.set('file', new Blob([new Uint8Array(bytes)]), name)
  return call(base, 'POST', `/api/${url}`, { token: who.access_token, raw: form })
}

/** Files the upload pipeline left in a server's temp dir (none once every request has its answer). */
const leftovers = (s: TestServer) => readdir(path.join(s.dataDir, 'media', 'tmp')).catch(() => [])

const png = () =>
  sharp({ create: { width: 640, height: 480, channels: 3, background: '#3366ff' } })
    .png()
    .toBuffer()
const exe = () =>
  Buffer.concat([Buffer.from('4d5a90000300000004000000ffff0000b800000000000000400000000000000000000000', 'hex'), Buffer.alloc(200, 1)])

describe('messages', () => {
  let owner: Person, member: Person, stranger: Person, topicId: string
  beforeAll(async () => {
    ;[owner, member, stranger] = await Promise.all([person(base, 'Owner'), person(base, 'Member'), person(base, 'Stranger')])
    ;({ generalId: topicId } = await channelWith(owner, [member]))
  })

  it('sends once per client_id, numbers messages in order and fans out to members only', async () => {
    const memberSocket = await socketOf(base, member)
    const strangerSocket = await socketOf(base, stranger)
    try {
      const arrived = nextEvent<{ message: { message: string; seq: number } }>(memberSocket, 'NEW_MESSAGE')
      const quiet = silence(strangerSocket, 'NEW_MESSAGE', 600)
      const id = clientId()
      const first = await owner.api('POST', 'message/send', { client_id: id, topic_id: topicId, message: 'Hello <b>team</b>' })
      expect(first.status).toBe(200)
      expect((await arrived).message.message).toBe('Hello <b>team</b>')
      expect(await quiet).toBe(true)
      const again = nextEvent(memberSocket, 'NEW_MESSAGE', 600).then(
        () => 'again',
        () => 'once',
      )
      const repeat = await owner.api('POST', 'message/send', { client_id: id, topic_id: topicId, message: 'Hello <b>team</b>' })
      expect(repeat.body.result._id).toBe(first.body.result._id)
      expect(await again).toBe('once')
      const second = await owner.api('POST', 'message/send', { client_id: clientId(), topic_id: topicId, message: 'second' })
      expect(second.body.result.seq).toBe(first.body.result.seq + 1)
      const list = await member.api('GET', `topic/messages?topic_id=${topicId}`)
      expect(list.body.result.map((m: { message: string }) => m.message)).toEqual(['second', 'Hello <b>team</b>'])
      const topics = await member.api('GET', 'topic')
      expect(topics.body.result[0]).toMatchObject({ is_seen: false, message: { message: 'second' } })
      // The sender has seen up to their own message; the repeat did not use up a number.
      const own = await owner.api('GET', 'topic')
      expect(own.body.result[0]).toMatchObject({ is_seen: true, last_seen_seq: second.body.result.seq, message: { message: 'second' } })
      const third = await member.api('POST', 'message/send', { client_id: clientId(), topic_id: topicId, message: 'third' })
      expect(third.body.result.seq).toBe(second.body.result.seq + 1)
      expect((await owner.api('GET', 'topic')).body.result[0]).toMatchObject({ is_seen: false, message: { message: 'third' } })
    } finally {
      memberSocket.close()
      strangerSocket.close()
    }
  })

  it('sanitises rich text and refuses strangers and bad input with field messages', async () => {
    const html = await owner.api('POST', 'message/send', {
      client_id: clientId(),
      topic_id: topicId,
      type: 'html',
      message: '<p>ok<img src=x onerror="alert(1)"><script>alert(2)</script></p>',
    })
    expect(html.body.result.message).toBe('<p>ok</p>')
    expect((await stranger.api('POST', 'message/send', { client_id: clientId(), topic_id: topicId, message: 'hi' })).status).toBe(403)
    expect((await stranger.api('GET', `topic/messages?topic_id=${topicId}`)).status).toBe(403)
    expect((await stranger.api('GET', `topic/pinned?topic_id=${topicId}`)).status).toBe(403)
    const empty = await owner.api('POST', 'message/send', { client_id: clientId(), topic_id: topicId, message: '   ' })
    expect(empty.status).toBe(400)
    expect(empty.body.errors.message).toBeDefined()
    const noId = await owner.api('POST', 'message/send', { topic_id: topicId, message: 'x' })
    expect(noId.body.errors.client_id).toBeDefined()
    expect((await owner.api('POST', 'message/send', { client_id: clientId(), topic_id: 'nope', message: 'x' })).status).toBe(404)
    expect((await owner.api('GET', 'topic/messages?topic_id=' + topicId + '&before=abc')).status).toBe(400)
  })

  it('pages history 20 at a time and catches up after a seq', async () => {
    const a = await person(base)
    const b = await person(base)
    const dm = (await a.api('GET', `topic/chat-friend?customer_id=${b.user._id}`)).body.result._id
    for (let i = 1; i <= 45; i++) await a.api('POST', 'message/send', { client_id: clientId(), topic_id: dm, message: `m${i}` })
    const texts = (list: { message: string }[]) => list.map((m) => m.message)
    const named = (from: number, to: number) => Array.from({ length: from - to + 1 }, (_, i) => `m${from - i}`)
    // Newest first, 20 a page: by page number (the pinned contract) ...
    const latest = (await b.api('GET', `topic/messages?topic_id=${dm}&page=1`)).body.result
    expect(texts(latest)).toEqual(named(45, 26))
    expect(texts((await b.api('GET', `topic/messages?topic_id=${dm}`)).body.result)).toEqual(named(45, 26))
    expect(texts((await b.api('GET', `topic/messages?topic_id=${dm}&page=2`)).body.result)).toEqual(named(25, 6))
    expect(texts((await b.api('GET', `topic/messages?topic_id=${dm}&page=3`)).body.result)).toEqual(named(5, 1))
    expect((await b.api('GET', `topic/messages?topic_id=${dm}&page=4`)).body.result).toEqual([])
    // ... or before a seq, so a page does not shift while new messages arrive.
    const older = (await b.api('GET', `topic/messages?topic_id=${dm}&before=${latest.at(-1).seq}`)).body.result
    expect(texts(older)).toEqual(named(25, 6))
    const oldest = (await b.api('GET', `topic/messages?topic_id=${dm}&before=${older.at(-1).seq}`)).body.result
    expect(texts(oldest)).toEqual(named(5, 1))
    const missed = (await b.api('GET', `topic/messages?topic_id=${dm}&after=${latest[2].seq}`)).body.result
    expect(texts(missed)).toEqual(['m45', 'm44'])
    for (const bad of ['page=0', 'page=x', 'before=-1', 'after=abc']) {
      const refused = await b.api('GET', `topic/messages?topic_id=${dm}&${bad}`)
      expect(refused.status).toBe(400)
      expect(Object.keys(refused.body.errors)).toHaveLength(1)
    }
  })

  it('edits, deletes for everyone, replies, pins and forwards, with permission checks', async () => {
    const sent = await member.api('POST', 'message/send', { client_id: clientId(), topic_id: topicId, message: 'original' })
    const id = sent.body.result._id
    expect((await owner.api('PUT', 'message/edit', { message_id: id, message: 'hijack' })).status).toBe(403)
    const edited = await member.api('PUT', 'message/edit', { message_id: id, message: 'edited' })
    expect(edited.body.result).toMatchObject({ message: 'edited' })
    expect(edited.body.result.edited_at).not.toBeNull()
    const reply = await owner.api('POST', 'message/send', { client_id: clientId(), topic_id: topicId, message: 'a reply', reply_to: id })
    expect(reply.body.result.reply_to).toMatchObject({ _id: id, message: 'edited', sender_name: 'Member' })
    const pinned = await owner.api('PUT', 'message/pin', { message_id: id, is_pin: 1 })
    expect(pinned.body.result.is_pin).toBe(true)
    expect((await member.api('GET', `topic/pinned?topic_id=${topicId}`)).body.result.map((m: { _id: string }) => m._id)).toEqual([id])
    const dm = (await owner.api('GET', `topic/chat-friend?customer_id=${member.user._id}`)).body.result._id
    const forwarded = await owner.api('POST', 'message/forward', { message_id: id, topic_ids: [dm] })
    expect(forwarded.body.result[0]).toMatchObject({ topic_id: dm, message: 'edited', forwarded_from: 'Member' })
    expect((await stranger.api('POST', 'message/forward', { message_id: id, topic_ids: [dm] })).status).toBe(403)
    const memberSocket = await socketOf(base, member)
    try {
      const changed = nextEvent<{ change: string; message: { message: string; is_deleted: boolean } }>(memberSocket, 'MESSAGE_CHANGED')
      expect((await stranger.api('DELETE', 'message/delete', { message_id: id })).status).toBe(403)
      const deleted = await owner.api('DELETE', 'message/delete', { message_id: id })
      expect(deleted.body.result).toMatchObject({ message: '', is_deleted: true, is_pin: false })
      expect(await changed).toMatchObject({ change: 'deleted', message: { message: '', is_deleted: true } })
    } finally {
      memberSocket.close()
    }
    const history = (await member.api('GET', `topic/messages?topic_id=${topicId}`)).body.result
    expect(history.find((m: { _id: string }) => m._id === id)).toMatchObject({ message: '', is_deleted: true })
  })

  it('a mention notifies the mentioned member live as tag_message', async () => {
    const memberSocket = await socketOf(base, member)
    try {
      const note = nextEvent<{ notifiable_type: string; value: { topic_id: string }; customer: { name: string } }>(memberSocket, 'data')
      await owner.api('POST', 'message/send', {
        client_id: clientId(),
        topic_id: topicId,
        message: '@Member look',
        mentions: [member.user._id, stranger.user._id],
      })
      expect(await note).toMatchObject({ notifiable_type: 'tag_message', value: { topic_id: topicId }, customer: { name: 'Owner' } })
    } finally {
      memberSocket.close()
    }
    const count = await stranger.api('GET', 'notify/all-number')
    expect(count.body.result.notification).toBe(0)
  })
})

describe('media', () => {
  let owner: Person, member: Person, stranger: Person, topicId: string
  beforeAll(async () => {
    ;[owner, member, stranger] = await Promise.all([person(base, 'Owner'), person(base, 'Member'), person(base, 'Stranger')])
    ;({ generalId: topicId } = await channelWith(owner, [member]))
  })

  it('a png gets a thumbnail that members read through signed URLs; strangers and tampered links do not', async () => {
    const res = await upload(owner, topicId, 'photo.png', await png())
    expect(res.status).toBe(200)
    const item = res.body.result
    expect(item).toMatchObject({ kind: 'image', mime: 'image/png', width: 640, height: 480, name: 'photo.png' })
    expect(item.thumb_url).toContain(encodeURIComponent('.thumb.jpg'))
    const sent = await owner.api('POST', 'message/send', { client_id: clientId(), topic_id: topicId, media_ids: [item._id] })
    expect(sent.body.result.type).toBe('file')
    const asMember = (await member.api('GET', `topic/messages?topic_id=${topicId}`)).body.result[0].media[0]
    const thumb = await fetch(base + asMember.thumb_url)
    expect(thumb.status).toBe(200)
    expect(thumb.headers.get('content-type')).toBe('image/jpeg')
    const meta = await sharp(Buffer.from(await thumb.arrayBuffer())).metadata()
    expect(Math.max(meta.width!, meta.height!)).toBe(320)
    const full = await fetch(base + asMember.url)
    expect(full.headers.get('content-type')).toBe('image/png')
    const tampered = await fetch(base + asMember.url.replace(/token=[^&]+/, `token=${stranger.user._id}.9999999999.forged`))
    expect(tampered.status).toBe(403)
    // The member's token with an earlier expiry (its MAC no longer matches), and a stranger's own token.
    expect((await fetch(base + asMember.url.replace(/token=([^.]+)\.\d+\./, 'token=$1.1.'))).status).toBe(403)
    expect((await fetch(base + asMember.url.replace(/token=[^&]+/, `token=${encodeURIComponent(stranger.media_token)}`))).status).toBe(403)
  })

  it("another person's upload cannot be attached: 400, and neither the message nor its number is kept", async () => {
    const theirs = (await upload(member, topicId, 'theirs.png', await png())).body.result
    // What is stored, not the signed file URLs (their expiry moves with the clock's second).
    const stored = async () =>
      (
        (await owner.api('GET', `topic/messages?topic_id=${topicId}`)).body.result as {
          _id: string
          seq: number
          message: string
          media: { _id: string }[]
        }[]
      ).map((m) => ({
        id: m._id,
        seq: m.seq,
        message: m.message,
        media: m.media.map((f) => f._id),
      }))
    const before = await stored()
    const refused = await owner.api('POST', 'message/send', {
      client_id: clientId(),
      topic_id: topicId,
      message: 'look',
      media_ids: [theirs._id],
    })
    expect(refused.status).toBe(400)
    expect(refused.body.errors).toHaveProperty('media_ids')
    expect(await stored()).toEqual(before)
    const next = await owner.api('POST', 'message/send', { client_id: clientId(), topic_id: topicId, message: 'next' })
    expect(next.body.result.seq).toBe((before[0]?.seq ?? 0) + 1)
  })

  it('refuses a .exe renamed .png by its content, with the message, and stores nothing', async () => {
    const channelId = (await owner.api('GET', 'channel/my-channel')).body.result[0]._id
    const usedBefore = (await owner.api('GET', `media/storage?channel_id=${channelId}`)).body.result.used
    const res = await upload(owner, topicId, 'innocent.png', exe())
    expect(res.status).toBe(400)
    expect(res.body.errors.file).toEqual(['This file type is not allowed'])
    expect((await owner.api('GET', `media/storage?channel_id=${channelId}`)).body.result.used).toBe(usedBefore)
    expect((await upload(stranger, topicId, 'a.txt', Buffer.from('hello'))).status).toBe(403)
    expect(await leftovers(server)).toEqual([])
  })

  it('a removed member loses access to files of the topic', async () => {
    const dmOwner = await person(base)
    const guest = await person(base)
    const { channelId } = await channelWith(dmOwner, [guest])
    const group = (await dmOwner.api('POST', 'channel/add-topic', { channel_id: channelId, name: 'Files', customer_ids: [guest.user._id] }))
      .body.result._id
    const up = (await upload(dmOwner, group, 'notes.txt', Buffer.from('secret notes'))).body.result
    await dmOwner.api('POST', 'message/send', { client_id: clientId(), topic_id: group, media_ids: [up._id] })
    const guestUrl = (await guest.api('GET', `topic/messages?topic_id=${group}`)).body.result[0].media[0].url
    const before = await fetch(base + guestUrl)
    expect(before.status).toBe(200)
    expect(before.headers.get('content-disposition')).toMatch(/^attachment/)
    expect(await before.text()).toBe('secret notes')
    await dmOwner.api('DELETE', 'topic/member', { topic_id: group, customer_id: guest.user._id })
    expect((await fetch(base + guestUrl)).status).toBe(403)
  })

  it('cancel-upload drops an unsent upload; trash, restore and purge by the uploader or a channel admin', async () => {
    const up = (await upload(member, topicId, 'draft.txt', Buffer.from('draft'))).body.result
    expect((await owner.api('DELETE', `media/cancel-upload?media_id=${up._id}`)).status).toBe(403)
    expect((await member.api('DELETE', `media/cancel-upload?media_id=${up._id}`)).status).toBe(200)
    expect((await member.api('DELETE', `media/cancel-upload?media_id=${up._id}`)).status).toBe(404)
    const kept = (await upload(member, topicId, 'kept.txt', Buffer.from('kept'))).body.result
    await member.api('POST', 'message/send', { client_id: clientId(), topic_id: topicId, media_ids: [kept._id] })
    expect((await member.api('DELETE', `media/cancel-upload?media_id=${kept._id}`)).status).toBe(400)
    const channelId = (await owner.api('GET', 'channel/my-channel')).body.result[0]._id
    const listed = await member.api('GET', `media/storage?channel_id=${channelId}`)
    expect(listed.body.result.items.map((i: { name: string }) => i.name)).toContain('kept.txt')
    expect((await stranger.api('PUT', 'media/trash', { media_id: kept._id })).status).toBe(403)
    expect((await owner.api('PUT', 'media/trash', { media_id: kept._id })).status).toBe(200)
    const trash = await member.api('GET', `media/storage?channel_id=${channelId}&trash=1`)
    expect(trash.body.result.items.map((i: { name: string }) => i.name)).toEqual(['kept.txt'])
    expect((await member.api('PUT', 'media/restore', { media_id: kept._id })).status).toBe(200)
    expect((await member.api('DELETE', 'media/purge', { media_id: kept._id })).status).toBe(200)
    expect(
      (await member.api('GET', `media/storage?channel_id=${channelId}`)).body.result.items.map((i: { name: string }) => i.name),
    ).not.toContain('kept.txt')
    expect((await stranger.api('GET', `media/storage?channel_id=${channelId}`)).status).toBe(403)
  })

  it('a message counts its files in the trash or deleted for good as removed; a restored file is back', async () => {
    const [first, second] = [
      (await upload(member, topicId, 'one.txt', Buffer.from('one'))).body.result,
      (await upload(member, topicId, 'two.txt', Buffer.from('two'))).body.result,
    ]
    const sent = await member.api('POST', 'message/send', {
      client_id: clientId(),
      topic_id: topicId,
      message: 'the files',
      media_ids: [first._id, second._id],
    })
    expect(sent.body.result.files_removed).toBe(0)
    const listed = async () => {
      const page = (await owner.api('GET', `topic/messages?topic_id=${topicId}`)).body.result
      const found = page.find((m: { _id: string }) => m._id === sent.body.result._id)
      return { removed: found.files_removed, names: found.media.map((f: { name: string }) => f.name) }
    }
    expect(await listed()).toEqual({ removed: 0, names: ['one.txt', 'two.txt'] })
    expect((await member.api('PUT', 'media/trash', { media_id: first._id })).status).toBe(200)
    expect(await listed()).toEqual({ removed: 1, names: ['two.txt'] })
    expect((await member.api('PUT', 'media/restore', { media_id: first._id })).status).toBe(200)
    expect(await listed()).toEqual({ removed: 0, names: ['one.txt', 'two.txt'] })
    expect((await member.api('PUT', 'media/trash', { media_id: second._id })).status).toBe(200)
    expect((await member.api('DELETE', 'media/purge', { media_id: second._id })).status).toBe(200)
    expect(await listed()).toEqual({ removed: 1, names: ['one.txt'] })
    expect((await member.api('DELETE', 'media/purge', { media_id: first._id })).status).toBe(200)
    expect(await listed()).toEqual({ removed: 2, names: [] })
    // A text message has nothing removed.
    const plain = await member.api('POST', 'message/send', { client_id: clientId(), topic_id: topicId, message: 'just text' })
    expect(plain.body.result.files_removed).toBe(0)
  })

  it('over the storage quota: 413 with the upgrade message, nothing stored', async () => {
    const small = await startTestServer({ storageQuotaBytes: 1000 })
    try {
      const a = await person(small.url)
      const { generalId } = await channelWith(a, [])
      const form = new FormData()
      form.set('topic_id', generalId)
      form.set('file', new Blob([new Uint8Array(Buffer.alloc(1500, 'a'))]), 'big.txt')
      const res = await call(small.url, 'POST', '/api/media/upload', { token: a.access_token, raw: form })
      expect(res.status).toBe(413)
      expect(res.body.message).toBe('Your storage is running out, please upgrade here')
      const channelId = (await a.api('GET', 'channel/my-channel')).body.result[0]._id
      expect((await a.api('GET', `media/storage?channel_id=${channelId}`)).body.result.used).toBe(0)
      expect(await leftovers(small)).toEqual([])
    } finally {
      await small.stop()
    }
  })

  it('an upload whose client leaves before the answer (cancelled at the last moment) is dropped, not kept against the quota', async () => {
    const queries: string[] = []
    /** Called when the server starts charging the upload: the server has the whole file by then. */
    let onCharge = () => undefined as void
    const watched = await startTestServer({
      onQuery: (sql) => {
        queries.push(sql)
        if (/pg_advisory_xact_lock/.test(sql)) onCharge()
      },
    })
    try {
      const a = await person(watched.url)
      const { generalId } = await channelWith(a, [])
      const channelId = (await a.api('GET', 'channel/my-channel')).body.result[0]._id
      const used = async () => (await a.api('GET', `media/storage?channel_id=${channelId}`)).body.result.used as number
      const form = new FormData()
      form.set('topic_id', generalId)
      form.set('acl', 'private')
      form.set('file', new Blob([new Uint8Array(await png())]), 'left.png')
      const request = new Request(`${watched.url}/api/media/upload`, { method: 'POST', body: form })
      const body = Buffer.from(await request.arrayBuffer())
      const { port } = new URL(watched.url)
      // The whole request, then the connection closes before the answer, as a browser's abort does:
      // the client leaves while the server stores the file (an end sent with the body raced the answer).
      const socket = connect(Number(port), '127.0.0.1')
      await new Promise<void>((resolve) => socket.once('connect', () => resolve()))
      socket.on('error', () => undefined)
      onCharge = () => {
        onCharge = () => undefined
        socket.destroy()
      }
      socket.write(
        `POST /api/media/upload HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nAuthorization: Bearer ${a.access_token}\r\n` +
          `Content-Type: ${request.headers.get('content-type')}\r\nContent-Length: ${body.length}\r\n\r\n`,
      )
      socket.write(body)
      await expect.poll(() => queries.some((sql) => /^delete from "media"/i.test(sql)), { timeout: 10_000 }).toBe(true)
      // The delete is seen as it is sent; its transaction (with the quota's release) commits after it.
      await expect.poll(used).toBe(0)
      expect((await a.api('GET', `media/storage?channel_id=${channelId}`)).body.result.items).toEqual([])
      const kept = await call(watched.url, 'POST', '/api/media/upload', { token: a.access_token, raw: form })
      expect(kept.status).toBe(200)
      expect(await used()).toBeGreaterThan(0)
    } finally {
      await watched.stop()
    }
  })
})
