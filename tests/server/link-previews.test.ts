import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import { type AddressInfo, isIP, type LookupFunction } from 'node:net'
import { eq } from 'drizzle-orm'
import sharp from 'sharp'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { linkPreviews, media, messagePreviews } from '../../server/db/schema'
import { chatServer, clientId, type Person } from './chat-fixtures'
import { call, nextEvent, silence } from './harness'

/**
 * Link previews (message/*, the link preview job): the server reads a message's first link's page
 * after the send answered, through the SSRF-safe fetcher, and every reader hears of it live.
 *
 * The "web" is a site on 127.0.0.2 that a fake DNS names news.test: the server's test-only
 * `allowAddresses` lets that one address through, so 127.0.0.1 (where a "secret" service of this
 * machine listens, counting what reaches it), the rest of loopback and every private or link-local
 * address stay refused as in production. Pages, titles and sizes are written out here; the
 * server's limits are its defaults but the time limit (400 ms instead of 5 s, for the slow page).
 */

const SITE_HOST = '127.0.0.2'
let site: Server
let sitePort = 0
let secret: Server
let secretPort = 0
let secretConnections = 0
/** Requests per path the site answered. */
const hits = new Map<string, number>()
/** Bytes the site wrote for /huge before the reader hung up. */
let hugeBytesWritten = 0
let picture: Buffer
const slowAnswers: ServerResponse[] = []

const html = (head: string, body = '<p>Hello</p>') => `<!doctype html><html><head>${head}</head><body>${body}</body></html>`
const page = (res: ServerResponse, text: string, type = 'text/html; charset=utf-8') => {
  res.writeHead(200, { 'content-type': type })
  res.end(text)
}

function answer(req: IncomingMessage, res: ServerResponse) {
  const path = req.url ?? '/'
  hits.set(path, (hits.get(path) ?? 0) + 1)
  const base = `http://news.test:${sitePort}`
  switch (new URL(path, base).pathname) {
    case '/article':
      return page(
        res,
        html(
          `<title>Fallback title</title>
           <meta property="og:title" content="Lantern &amp; Orbit: the launch">
           <meta property="og:description" content="How the team shipped it in a week.">
           <meta property="og:site_name" content="Lantern News">
           <meta property="og:image" content="/pic.png">`,
        ),
      )
    case '/pic.png':
      res.writeHead(200, { 'content-type': 'image/png' })
      return res.end(picture)
    case '/plain':
      return page(res, html('<title>  A plain\n page </title><meta name="description" content="Only the basics.">'))
    case '/card':
      return page(res, html('<meta name="twitter:title" content="Card title"><meta name="twitter:description" content="Card words">'))
    case '/hop1':
      res.writeHead(302, { location: '/hop2' })
      return res.end()
    case '/hop2':
      res.writeHead(301, { location: `${base}/after-hops` })
      return res.end()
    case '/after-hops':
      return page(res, html('<meta property="og:title" content="After two hops">'))
    case '/loop1':
    case '/loop2':
    case '/loop3':
    case '/loop4':
      res.writeHead(302, { location: `/loop${Number(path.slice(5)) + 1}` })
      return res.end()
    case '/loop5':
      return page(res, html('<meta property="og:title" content="Four hops away">'))
    case '/to-loopback':
      res.writeHead(302, { location: `http://127.0.0.1:${secretPort}/article` })
      return res.end()
    case '/to-metadata':
      res.writeHead(307, { location: 'http://169.254.169.254/latest/meta-data/' })
      return res.end()
    case '/data.json':
      return page(res, '{"title":"not a page"}', 'application/json')
    case '/huge': {
      // Its head first, then 20 MB more: the reader keeps the first 1 MB and hangs up.
      res.writeHead(200, { 'content-type': 'text/html' })
      const filler = Buffer.alloc(64 * 1024, 'x')
      res.write('<html><head><meta property="og:title" content="A huge page"></head><body>')
      let left = 320
      const more = () => {
        while (left > 0) {
          left--
          hugeBytesWritten += filler.length
          if (!res.write(filler)) return void res.once('drain', more)
        }
        res.end('</body></html>')
      }
      res.on('close', () => (left = 0))
      return more()
    }
    case '/slow':
      // Answers only when the test ends: past the server's time limit.
      slowAnswers.push(res)
      return
    case '/big-picture':
      return page(res, html('<meta property="og:title" content="Big picture"><meta property="og:image" content="/big.png">'))
    case '/big.png':
      res.writeHead(200, { 'content-type': 'image/png' })
      return res.end(Buffer.concat([picture, Buffer.alloc(6 * 1024 * 1024)]))
    default:
      res.writeHead(404)
      return res.end()
  }
}

/** The fake DNS: news.test is the site; evil.test and localhost answer this machine's loopback. */
const lookup: LookupFunction = (hostname, options, callback) => {
  const table: Record<string, string> = { 'news.test': SITE_HOST, 'evil.test': '127.0.0.1', localhost: '127.0.0.1' }
  const address = table[hostname]
  if (!address) return callback(Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' }), '', 0)
  if (options.all) callback(null, [{ address, family: isIP(address) }])
  else callback(null, address, isIP(address))
}

beforeAll(async () => {
  picture = await sharp({ create: { width: 640, height: 320, channels: 3, background: '#c83' } })
    .png()
    .toBuffer()
  site = createServer(answer)
  await new Promise<void>((resolve) => site.listen(0, SITE_HOST, resolve))
  sitePort = (site.address() as AddressInfo).port
  secret = createServer((_req, res) => page(res, html('<meta property="og:title" content="Internal admin">')))
  secret.on('connection', () => secretConnections++)
  await new Promise<void>((resolve) => secret.listen(0, '127.0.0.1', resolve))
  secretPort = (secret.address() as AddressInfo).port
})
afterAll(async () => {
  for (const res of slowAnswers) res.destroy()
  await Promise.all([new Promise((r) => site.close(r)), new Promise((r) => secret.close(r))])
})
beforeEach(() => hits.clear())

// Sessions outlast the test's day-long jump of the clock (the cache's 24 hours).
const chat = chatServer({
  testOnly: { allowAddresses: [SITE_HOST], lookup },
  linkPreviews: { timeoutMs: 400 },
  sessions: { accessTokenTtlSeconds: 10 * 24 * 3600 },
})
const { clock } = chat
const at = (path: string) => `http://news.test:${sitePort}${path}`

interface PreviewView {
  url: string
  title: string | null
  description: string | null
  site_name: string | null
  image: { kind: string; url: string; thumb_url: string | null; width: number | null; height: number | null } | null
}
interface MessageView {
  _id: string
  message: string
  preview: PreviewView | null
}

async function send(who: Person, topicId: string, message: string): Promise<MessageView> {
  const res = await who.api('POST', 'message/send', { client_id: clientId(), topic_id: topicId, message })
  expect(res.status, JSON.stringify(res.body)).toBe(200)
  return res.body.result
}
/** The message as `who` reads it in the topic's latest page. */
async function read(who: Person, topicId: string, messageId: string): Promise<MessageView> {
  const res = await who.api('GET', `topic/messages?topic_id=${topicId}&page=1`)
  expect(res.status, JSON.stringify(res.body)).toBe(200)
  return (res.body.result as MessageView[]).find((m) => m._id === messageId)!
}
const runJobs = () => chat.server.ctx.queue.runDue()

describe('a message with a link', () => {
  it('gets its first link’s preview after the send answered (Open Graph), its image through the media pipeline, and another member sees it live', async () => {
    const { people, generalId } = await chat.team('Ann', 'Bao')
    const [ann, bao] = people as [Person, Person]
    const baoSocket = await chat.socket(bao)

    const sent = await send(ann, generalId, `Read ${at('/article')} and ${at('/plain')} today`)
    // The send answered without fetching anything.
    expect(sent.preview).toBeNull()
    expect(hits.get('/article')).toBeUndefined()

    const changed = nextEvent<{ change: string; message: MessageView & { preview: { image: Record<string, unknown> | null } } }>(
      baoSocket,
      'MESSAGE_CHANGED',
    )
    await runJobs()
    const pushed = await changed
    expect(pushed.change).toBe('preview')
    expect(pushed.message._id).toBe(sent._id)
    expect(pushed.message.preview).toMatchObject({
      url: at('/article'),
      title: 'Lantern & Orbit: the launch',
      description: 'How the team shipped it in a week.',
      site_name: 'Lantern News',
    })
    // Pushed to everyone: no link signed for anyone in it.
    expect(pushed.message.preview.image).toMatchObject({ kind: 'image', mime: 'image/png', has_thumb: true, width: 640, height: 320 })
    expect(pushed.message.preview.image).not.toHaveProperty('url')
    // Only the first link with a preview was read, the page once and its image once.
    expect([hits.get('/article'), hits.get('/pic.png'), hits.get('/plain')]).toEqual([1, 1, undefined])

    const seen = await read(bao, generalId, sent._id)
    expect(seen.preview?.title).toBe('Lantern & Orbit: the launch')
    const image = seen.preview!.image!
    // Never hot-linked: read through this server's signed media links, as the chat's files are.
    expect(image.url).toMatch(/^\/api\/media\/access\?/)
    expect(image.thumb_url).toMatch(/^\/api\/media\/access\?.*thumb\.jpg/)
    const thumb = await fetch(`${chat.server.url}${image.thumb_url}`)
    expect([thumb.status, thumb.headers.get('content-type')]).toEqual([200, 'image/jpeg'])
    const original = await fetch(`${chat.server.url}${image.url}`)
    expect(Buffer.from(await original.arrayBuffer()).equals(picture)).toBe(true)

    // Someone outside the chat reads neither the message nor its image.
    const stranger = (await chat.team('Stranger')).people[0]!
    const outside = await call(chat.server.url, 'GET', image.url.replace(/token=[^&]+/, 'token=x'), { token: stranger.access_token })
    expect(outside.status).toBe(403)
    // The image is no one's storage.
    const storage = await ann.api('GET', 'media/storage-summary')
    expect([storage.status, storage.body.result.used]).toEqual([200, 0])
  })

  it('a forward of a message with a link gets the preview too, from the cache', async () => {
    const { people, generalId, channelId } = await chat.team('Ola', 'Pia')
    const [ola] = people as [Person, Person]
    const side = await ola.api('POST', 'channel/add-topic', { channel_id: channelId, name: 'Side', customer_ids: [] })
    expect(side.status).toBe(200)
    const sent = await send(ola, generalId, `${at('/article')}?forward=1`)
    await runJobs()
    const forwarded = await ola.api('POST', 'message/forward', { message_id: sent._id, topic_ids: [side.body.result._id] })
    expect(forwarded.status).toBe(200)
    await runJobs()
    const copy = await read(ola, side.body.result._id, forwarded.body.result[0]._id)
    expect(copy.preview?.title).toBe('Lantern & Orbit: the launch')
    expect(copy.preview?.image?.url).toContain(`topic_id=${side.body.result._id}`)
    expect(hits.get('/article?forward=1')).toBe(1)
  })

  it('reads <title> and the description meta, or the Twitter card, when a page has no Open Graph', async () => {
    const { people, generalId } = await chat.team('Cam')
    const [cam] = people as [Person]
    const plain = await send(cam, generalId, at('/plain'))
    const card = await send(cam, generalId, `see ${at('/card')}`)
    await runJobs()
    expect((await read(cam, generalId, plain._id)).preview).toEqual({
      url: at('/plain'),
      title: 'A plain page',
      description: 'Only the basics.',
      site_name: null,
      image: null,
    })
    expect((await read(cam, generalId, card._id)).preview).toMatchObject({ title: 'Card title', description: 'Card words' })
  })

  it('is fetched once per URL for every message naming it until its preview expires (24 h)', async () => {
    const { people, generalId } = await chat.team('Dan', 'Eve')
    const [dan, eve] = people as [Person, Person]
    const link = `${at('/article')}?cache=1`
    const first = await send(dan, generalId, link)
    await runJobs()
    const second = await send(eve, generalId, `again: ${link}#section`)
    const third = await send(dan, generalId, link)
    await runJobs()
    expect(hits.get('/article?cache=1')).toBe(1)
    expect(hits.get('/pic.png')).toBe(1)
    const previews = await Promise.all([first, second, third].map((m) => read(dan, generalId, m._id)))
    expect(previews.map((m) => m.preview?.title)).toEqual(Array(3).fill('Lantern & Orbit: the launch'))
    // Each message's image is its own row in its topic, sharing the stored bytes.
    const keys = new Set(previews.map((m) => new URL(m.preview!.image!.url, 'http://x').searchParams.get('key')))
    expect(keys.size).toBe(1)

    clock.advance(25 * 60 * 60_000)
    await send(dan, generalId, link)
    await runJobs()
    expect(hits.get('/article?cache=1')).toBe(2)
  })

  it('follows a redirect chain (each hop checked), but at most 3 redirects', async () => {
    const { people, generalId } = await chat.team('Fay')
    const [fay] = people as [Person]
    const hops = await send(fay, generalId, at('/hop1'))
    const tooMany = await send(fay, generalId, at('/loop1'))
    await runJobs()
    expect((await read(fay, generalId, hops._id)).preview).toMatchObject({ url: at('/hop1'), title: 'After two hops' })
    expect((await read(fay, generalId, tooMany._id)).preview).toBeNull()
    expect(hits.get('/loop5')).toBeUndefined()
  })

  it('keeps within its limits: 1 MB of a huge page, 5 s (here 400 ms) for a slow one, pages only, images up to 5 MB', async () => {
    const { people, generalId } = await chat.team('Gil')
    const [gil] = people as [Person]
    const huge = await send(gil, generalId, at('/huge'))
    const slow = await send(gil, generalId, at('/slow'))
    const json = await send(gil, generalId, at('/data.json'))
    const big = await send(gil, generalId, at('/big-picture'))
    const started = Date.now()
    await runJobs()
    expect(Date.now() - started).toBeLessThan(4_000)
    // The head came in the first megabyte; most of the 20 MB was never sent.
    expect((await read(gil, generalId, huge._id)).preview?.title).toBe('A huge page')
    expect(hugeBytesWritten).toBeLessThan(6 * 1024 * 1024)
    expect((await read(gil, generalId, slow._id)).preview).toBeNull()
    expect(hits.get('/slow')).toBe(1)
    expect((await read(gil, generalId, json._id)).preview).toBeNull()
    // A picture over 5 MB is not kept: the preview comes without it.
    expect((await read(gil, generalId, big._id)).preview).toMatchObject({ title: 'Big picture', image: null })
    expect(hits.get('/big.png')).toBe(1)
    // Pages without a preview are remembered too (a shorter while): the slow page is not asked again.
    await send(gil, generalId, at('/slow'))
    await runJobs()
    expect(hits.get('/slow')).toBe(1)
  })
})

describe('SSRF: links to this machine or private networks are never fetched', () => {
  it('refuses loopback, private and link-local addresses, names resolving to them and redirects to them', async () => {
    const { people, generalId } = await chat.team('Hal')
    const [hal] = people as [Person]
    const links = [
      `http://127.0.0.1:${secretPort}/`,
      `http://localhost:${secretPort}/`,
      `http://evil.test:${secretPort}/`,
      `http://[::1]:${secretPort}/`,
      'http://10.0.0.1/',
      'http://192.168.1.1/',
      'http://172.16.0.1/',
      'http://169.254.169.254/latest/meta-data/',
      'http://[fe80::1]/',
      'http://[fd00::1]/',
      at('/to-loopback'),
      at('/to-metadata'),
    ]
    const sent = []
    for (const link of links) sent.push(await send(hal, generalId, `look ${link}`))
    await runJobs()
    for (const [i, m] of sent.entries()) expect((await read(hal, generalId, m._id)).preview, links[i]).toBeNull()
    // Nothing reached the service on 127.0.0.1; the site's redirects were asked, their targets refused.
    expect(secretConnections).toBe(0)
    expect([hits.get('/to-loopback'), hits.get('/to-metadata')]).toEqual([1, 1])
    const cached = await chat.server.ctx.db
      .select()
      .from(linkPreviews)
      .where(eq(linkPreviews.url, 'http://169.254.169.254/latest/meta-data/'))
    expect(cached.map((c) => c.ok)).toEqual([0])
  })
})

describe('the sender takes a preview away', () => {
  it('for everyone, live; it does not come back for that link; others may not; its image row goes', async () => {
    const { people, generalId } = await chat.team('Ivy', 'Jon')
    const [ivy, jon] = people as [Person, Person]
    const jonSocket = await chat.socket(jon)
    const sent = await send(ivy, generalId, `${at('/article')}?remove=1`)
    await runJobs()
    const shown = await read(jon, generalId, sent._id)
    expect(shown.preview?.title).toBe('Lantern & Orbit: the launch')
    const [row] = await chat.server.ctx.db.select().from(messagePreviews).where(eq(messagePreviews.messageId, sent._id))

    expect((await jon.api('PUT', 'message/remove-preview', { message_id: sent._id })).status).toBe(403)

    const changed = nextEvent<{ change: string; message: MessageView }>(jonSocket, 'MESSAGE_CHANGED')
    const removed = await ivy.api('PUT', 'message/remove-preview', { message_id: sent._id })
    expect(removed.status).toBe(200)
    expect(removed.body.result.preview).toBeNull()
    expect(await changed).toMatchObject({ change: 'preview', message: { _id: sent._id, preview: null } })
    expect((await read(jon, generalId, sent._id)).preview).toBeNull()
    expect(await chat.server.ctx.db.select().from(media).where(eq(media.id, row!.mediaId!))).toEqual([])
    // Again: nothing to take away, nothing told.
    const quiet = silence(jonSocket, 'MESSAGE_CHANGED')
    expect((await ivy.api('PUT', 'message/remove-preview', { message_id: sent._id })).status).toBe(200)
    expect(await quiet).toBe(true)

    // An edit keeping the link does not bring it back; one naming another link gets that one's.
    await ivy.api('PUT', 'message/edit', { message_id: sent._id, message: `still ${at('/article')}?remove=1` })
    await runJobs()
    expect((await read(jon, generalId, sent._id)).preview).toBeNull()
    await ivy.api('PUT', 'message/edit', { message_id: sent._id, message: `now ${at('/plain')}` })
    await runJobs()
    expect((await read(jon, generalId, sent._id)).preview?.title).toBe('A plain page')
  })

  it('an edit removing the links takes the preview away; deleting the message does too', async () => {
    const { people, generalId } = await chat.team('Kim')
    const [kim] = people as [Person]
    const sent = await send(kim, generalId, at('/plain'))
    const other = await send(kim, generalId, `${at('/plain')}?x=2`)
    await runJobs()
    const edited = await kim.api('PUT', 'message/edit', { message_id: sent._id, message: 'no links now' })
    expect(edited.body.result.preview).toBeNull()
    const deleted = await kim.api('DELETE', 'message/delete', { message_id: other._id })
    expect(deleted.body.result.preview).toBeNull()
    const rows = await chat.server.ctx.db.select().from(messagePreviews).where(eq(messagePreviews.messageId, other._id))
    expect(rows).toEqual([])
  })
})
