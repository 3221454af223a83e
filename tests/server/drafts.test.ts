import { describe, expect, it } from 'vitest'
import { chatServer, clientId, person } from './chat-fixtures'
import { nextEvent, silence } from './harness'

/**
 * Drafts (draft/*): a person's unsent text per chat, on the server so their other tabs and devices
 * have it. Save, get and list; an empty text deletes; the latest save wins; the composer clears it
 * once it sent its message; only the person's own sockets hear DRAFT_CHANGED; strangers and bad
 * input are refused. Times come from the server's fake clock. Expected values are written here.
 */
const chat = chatServer()
const { clock, socket, team } = chat

interface DraftView {
  topic_id: string
  text: string
  updated_at: string | null
}

describe('saving and reading a draft', () => {
  it('keeps the text per person and chat, with the server’s time; get and list answer it; another member has none', async () => {
    const { people, generalId } = await team('Ann', 'Bao')
    const [ann, bao] = [people[0]!, people[1]!]
    const saved = await ann.api('POST', 'draft/save', { topic_id: generalId, text: '**Half** a thought' })
    expect(saved.status).toBe(200)
    expect(saved.body.result).toEqual({ topic_id: generalId, text: '**Half** a thought', updated_at: new Date(clock.now()).toISOString() })

    const got = await ann.api('GET', `draft/get?topic_id=${generalId}`)
    expect(got.body.result).toEqual(saved.body.result)
    expect((await ann.api('GET', 'draft/list')).body.result).toEqual([saved.body.result])
    // Bao's draft of the same chat is his own: none yet.
    expect((await bao.api('GET', `draft/get?topic_id=${generalId}`)).body.result).toEqual({
      topic_id: generalId,
      text: '',
      updated_at: null,
    })
    expect((await bao.api('GET', 'draft/list')).body.result).toEqual([])
  })

  it('the latest save wins; the list is newest first; an empty (or blank) text deletes', async () => {
    const { people, generalId } = await team('Cam', 'Dan')
    const cam = people[0]!
    const dm = (await cam.api('GET', `topic/chat-friend?customer_id=${people[1]!.user._id}`)).body.result._id as string
    await cam.api('POST', 'draft/save', { topic_id: generalId, text: 'first' })
    clock.advance(1_000)
    await cam.api('POST', 'draft/save', { topic_id: dm, text: 'to Dan' })
    clock.advance(1_000)
    const second = await cam.api('POST', 'draft/save', { topic_id: generalId, text: 'second' })
    expect(second.body.result.text).toBe('second')
    const list = (await cam.api('GET', 'draft/list')).body.result as DraftView[]
    expect(list.map((d) => [d.topic_id, d.text])).toEqual([
      [generalId, 'second'],
      [dm, 'to Dan'],
    ])

    const cleared = await cam.api('POST', 'draft/save', { topic_id: generalId, text: '  \n ' })
    expect(cleared.body.result).toEqual({ topic_id: generalId, text: '', updated_at: null })
    expect((await cam.api('GET', `draft/get?topic_id=${generalId}`)).body.result.text).toBe('')
    // Deleting what is not there is no error.
    expect((await cam.api('POST', 'draft/save', { topic_id: generalId, text: '' })).status).toBe(200)
    expect(((await cam.api('GET', 'draft/list')).body.result as DraftView[]).map((d) => d.text)).toEqual(['to Dan'])
  })

  it('cleared when the composer sends: the message goes, then the empty save deletes the draft', async () => {
    const { people, generalId } = await team('Eve', 'Fay')
    const eve = people[0]!
    await eve.api('POST', 'draft/save', { topic_id: generalId, text: 'Ship it' })
    const sent = await eve.api('POST', 'message/send', { client_id: clientId(), topic_id: generalId, message: 'Ship it' })
    expect(sent.status).toBe(200)
    await eve.api('POST', 'draft/save', { topic_id: generalId, text: '' })
    expect((await eve.api('GET', `draft/get?topic_id=${generalId}`)).body.result.text).toBe('')
    expect((await eve.api('GET', 'draft/list')).body.result).toEqual([])
  })

  it('a chat the person left keeps its draft out of their list', async () => {
    const { people, channelId } = await team('Gia', 'Hai')
    const [gia, hai] = [people[0]!, people[1]!]
    const group = await gia.api('POST', 'channel/add-topic', { channel_id: channelId, name: 'Side', customer_ids: [hai.user._id] })
    const sideId = (group.body.result as { _id: string })._id
    await hai.api('POST', 'draft/save', { topic_id: sideId, text: 'before leaving' })
    expect(((await hai.api('GET', 'draft/list')).body.result as DraftView[]).length).toBe(1)
    expect((await hai.api('DELETE', 'topic/member', { topic_id: sideId, customer_id: hai.user._id })).status).toBe(200)
    expect((await hai.api('GET', 'draft/list')).body.result).toEqual([])
    expect((await hai.api('GET', `draft/get?topic_id=${sideId}`)).status).toBe(403)
  })
})

describe('live to the person’s own tabs only', () => {
  it('DRAFT_CHANGED reaches each socket of the saver (the saved text, then the deletion), and nobody else', async () => {
    const { people, generalId } = await team('Ivy', 'Jon')
    const [ivy, jon] = [people[0]!, people[1]!]
    const [tabA, tabB, jonTab] = await Promise.all([socket(ivy), socket(ivy), socket(jon)])
    const heardA = nextEvent<DraftView>(tabA, 'DRAFT_CHANGED')
    const heardB = nextEvent<DraftView>(tabB, 'DRAFT_CHANGED')
    const jonHears = silence(jonTab, 'DRAFT_CHANGED')
    await ivy.api('POST', 'draft/save', { topic_id: generalId, text: 'from the phone' })
    const expected = { topic_id: generalId, text: 'from the phone', updated_at: new Date(clock.now()).toISOString() }
    expect(await heardA).toEqual(expected)
    expect(await heardB).toEqual(expected)
    expect(await jonHears).toBe(true)

    const deleted = nextEvent<DraftView>(tabB, 'DRAFT_CHANGED')
    await ivy.api('POST', 'draft/save', { topic_id: generalId, text: '' })
    expect(await deleted).toEqual({ topic_id: generalId, text: '', updated_at: null })
  })
})

describe('refused', () => {
  it('a stranger (403), an unknown chat (404), no token (401)', async () => {
    const { generalId } = await team('Kim', 'Lam')
    const stranger = await person(chat.server.url, 'Stranger')
    expect((await stranger.api('POST', 'draft/save', { topic_id: generalId, text: 'peek' })).status).toBe(403)
    expect((await stranger.api('GET', `draft/get?topic_id=${generalId}`)).status).toBe(403)
    expect((await stranger.api('POST', 'draft/save', { topic_id: 'no-such-topic', text: 'x' })).status).toBe(404)
    const anonymous = await fetch(`${chat.server.url}/api/draft/list`)
    expect(anonymous.status).toBe(401)
  })

  it('bad input: a 400 naming the field, and nothing stored', async () => {
    const { people, generalId } = await team('Mai', 'Nam')
    const mai = people[0]!
    const cases: [unknown, string][] = [
      [{ topic_id: generalId }, 'text'],
      [{ topic_id: generalId, text: 42 }, 'text'],
      [{ topic_id: generalId, text: 'x'.repeat(10_001) }, 'text'],
      [{ text: 'no chat' }, 'topic_id'],
      [{ topic_id: '', text: 'empty id' }, 'topic_id'],
    ]
    for (const [body, field] of cases) {
      const res = await mai.api('POST', 'draft/save', body)
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(400)
      expect(Object.keys(res.body.errors ?? {})).toContain(field)
    }
    const unknownField = await mai.api('POST', 'draft/save', { topic_id: generalId, text: 'x', extra: 1 })
    expect(unknownField.status).toBe(400)
    expect((await mai.api('GET', 'draft/get')).status).toBe(400)
    expect((await mai.api('GET', 'draft/list')).body.result).toEqual([])
    // The longest draft there may be (10,000 characters) is kept whole.
    const longest = 'y'.repeat(10_000)
    expect((await mai.api('POST', 'draft/save', { topic_id: generalId, text: longest })).body.result.text).toBe(longest)
  })
})
