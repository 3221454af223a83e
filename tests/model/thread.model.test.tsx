import { expect } from 'vitest'
import { act, fireEvent, within } from '@testing-library/react'
import type { AnyEventObject } from 'xstate'
import { type Message, withoutLinks } from '../../contract/message'
import type { ThreadPage } from '../../contract/thread'
import { connect, threadMachine, type ThreadSnapshot } from '../../src/machines/thread'
import { ThreadView } from '../../src/ui/thread/thread-view'
import { textMessage } from './support/messages'
import { describeModel, type ModelKit } from './support/run-model'

type Kit = ModelKit<typeof threadMachine>

const TOPIC = 'topic-1'
const ROOT = 'root-1'
const ME = { _id: 'u-me', name: 'Me', workid: 'me', photo_url: null }
const BAO = { _id: 'u-bao', name: 'Bao', workid: 'bao', photo_url: null }
const at = (minute: number) => new Date(Date.UTC(2026, 2, 1, 8, minute)).toISOString()

const root: Message = textMessage({ _id: ROOT, topic_id: TOPIC, seq: 1, message: 'Lunch plans?', sender: BAO, created_at: at(0) })
const reply = (seq: number, over: Partial<Message> = {}): Message =>
  textMessage({
    _id: `r-${seq}`,
    topic_id: TOPIC,
    seq,
    message: `Reply ${seq}`,
    sender: BAO,
    created_at: at(seq),
    thread_root_id: ROOT,
    ...over,
  })
const summary = (count: number) => ({ reply_count: count, last_reply_at: at(count), last_repliers: [BAO] })

/** The first page: the root and two replies (nothing older), or a full page of 20 (older ones follow). */
const SHORT: ThreadPage = { root: { ...root, thread: summary(2) }, replies: [reply(3), reply(2)], following: true }
const FULL: ThreadPage = {
  root: { ...root, thread: summary(25) },
  replies: Array.from({ length: 20 }, (_, i) => reply(26 - i)),
  following: false,
}
const OLDER: ThreadPage = { ...FULL, replies: [reply(6), reply(5)] }

const ctx = (s: ThreadSnapshot) => s.context
const ready = (s: ThreadSnapshot) => s.matches({ history: 'ready' })
/** Nothing else on its way: where the box, follow and the socket are explored (one at a time). */
const calm = (s: ThreadSnapshot) =>
  ready(s) && s.matches({ follow: 'idle', reply: 'idle' }) && ctx(s).draft === '' && ctx(s).sent === 0 && ctx(s).attachments.length === 0
const uploading = (s: ThreadSnapshot) => ctx(s).attachments.find((a) => a.status === 'uploading')
/** The files the test finished uploading, as the server named them (`media-<attachment id>`). */
const finished = (s: ThreadSnapshot) =>
  ctx(s)
    .attachments.filter((a) => a.status === 'done')
    .map((a) => `media-${a.id}`)
const FILE = new File(['the notes'], 'notes.pdf', { type: 'application/pdf' })
const uploadOf = (kit: Kit, id: string) => kit.callbacks.find((c) => c.id === id)!
const panel = (kit: Kit) => within(kit.screen.getByRole('region', { name: 'Thread' }))

describeModel({
  machine: threadMachine,
  input: {
    topicId: TOPIC,
    rootId: ROOT,
    meId: ME._id,
    members: [
      { _id: ME._id, name: 'Me' },
      { _id: BAO._id, name: 'Bao' },
    ],
    canSend: true,
    mediaToken: '',
    clientIdPrefix: 'c',
    // Opened on reply 5 (a search hit): on the full first page it is older than those shown.
    focusSeq: 5,
  },
  select: 'coverage',
  // The attachments' uploads stand in as callbacks: the paths report their progress (UPLOAD_UPDATE).
  callbackActors: ['upload'],
  serializeState: (s) => {
    const { replies, hasOlder, following, draft, alsoInChat, sent, error, root: shown, focusSeq, attachments } = s.context
    return JSON.stringify({
      value: s.value,
      replies: replies.length,
      hasOlder,
      following,
      draft,
      alsoInChat,
      sent,
      error,
      focusSeq,
      attachments: attachments.map((a) => `${a.id}:${a.status}`),
      count: shown?.thread?.reply_count ?? null,
      root: shown?.message ?? null,
    })
  },
  events: {
    'xstate.done.actor.loadPage': (s) =>
      ctx(s).replies.length === 0
        ? [
            { type: 'xstate.done.actor.loadPage', output: SHORT },
            { type: 'xstate.done.actor.loadPage', output: FULL },
          ]
        : // Read again after a reconnection: a reply came meanwhile.
          [
            {
              type: 'xstate.done.actor.loadPage',
              output: { ...SHORT, replies: [reply(4), reply(3), reply(2)], root: { ...root, thread: summary(3) } },
            },
          ],
    'xstate.error.actor.loadPage': [{ type: 'xstate.error.actor.loadPage', error: { message: 'Network down' } }],
    'xstate.done.actor.loadOlder': [{ type: 'xstate.done.actor.loadOlder', output: OLDER }],
    'xstate.error.actor.loadOlder': [{ type: 'xstate.error.actor.loadOlder', error: { message: 'Network down' } }],
    LOAD_OLDER: (s) => (calm(s) && ctx(s).hasOlder ? [{ type: 'LOAD_OLDER' }] : []),
    CONNECTED: (s) => (calm(s) && !ctx(s).hasOlder ? [{ type: 'CONNECTED' }] : []),
    TOGGLE_FOLLOW: (s) => (calm(s) ? [{ type: 'TOGGLE_FOLLOW' }] : []),
    'xstate.done.actor.setFollow': (s) => [{ type: 'xstate.done.actor.setFollow', output: !ctx(s).following }],
    'xstate.error.actor.setFollow': [{ type: 'xstate.error.actor.setFollow', error: { message: 'Permission denied' } }],
    TYPE: (s) =>
      ready(s) && s.matches({ follow: 'idle', reply: 'idle' }) && ctx(s).draft === '' && !ctx(s).hasOlder && ctx(s).sent === 0
        ? [{ type: 'TYPE', text: 'Thanks @Bao' }]
        : [],
    TOGGLE_ALSO_IN_CHAT: (s) =>
      ctx(s).draft !== '' && !ctx(s).alsoInChat && s.matches({ reply: 'idle' }) ? [{ type: 'TOGGLE_ALSO_IN_CHAT' }] : [],
    SEND: (s) => ((ctx(s).draft !== '' || finished(s).length) && !s.matches({ reply: 'sending' }) ? [{ type: 'SEND' }] : []),
    // A file for the reply, before any text: it uploads (done, or refused), or is taken back.
    ATTACH: (s) => (calm(s) && !ctx(s).hasOlder ? [{ type: 'ATTACH', files: [FILE] }] : []),
    REMOVE_ATTACHMENT: (s) =>
      s.matches({ reply: 'idle' }) && ctx(s).sent === 0
        ? ctx(s)
            .attachments.slice(0, 1)
            .map((a) => ({ type: 'REMOVE_ATTACHMENT', id: a.id }))
        : [],
    UPLOAD_UPDATE: (s) => {
      const a = uploading(s)
      return a
        ? [
            { type: 'UPLOAD_UPDATE', id: a.id, status: 'done', percent: 100, mediaId: `media-${a.id}`, error: null },
            { type: 'UPLOAD_UPDATE', id: a.id, status: 'failed', percent: 0, mediaId: null, error: 'This file type is not allowed' },
          ]
        : []
    },
    'xstate.done.actor.sendReply': (s) => [
      {
        type: 'xstate.done.actor.sendReply',
        output: reply(30, { sender: ME, message: 'Thanks @Bao', also_in_chat: ctx(s).alsoInChat, mentions: [BAO._id] }),
      },
    ],
    'xstate.error.actor.sendReply': [{ type: 'xstate.error.actor.sendReply', error: { message: 'Too many requests' } }],
    SOCKET_NEW_MESSAGE: (s): AnyEventObject[] =>
      calm(s) && !ctx(s).hasOlder && ctx(s).replies.length === 2
        ? [
            // A new reply here with the root's new summary, the same reply again (shown once; the
            // count it carries is no news), and a message of the chat itself (not this thread's).
            { type: 'SOCKET_NEW_MESSAGE', message: withoutLinks(reply(9)), root_thread: summary(7) },
            { type: 'SOCKET_NEW_MESSAGE', message: withoutLinks(ctx(s).replies.at(-1)!), root_thread: summary(2) },
            {
              type: 'SOCKET_NEW_MESSAGE',
              message: withoutLinks(
                textMessage({ _id: 'm-9', topic_id: TOPIC, seq: 9, message: 'In the chat', sender: BAO, created_at: at(50) }),
              ),
            },
          ]
        : [],
    SOCKET_MESSAGE_CHANGED: (s) =>
      calm(s) && !ctx(s).hasOlder && ctx(s).replies.length === 2 && ctx(s).root?.message === 'Lunch plans?'
        ? [{ type: 'SOCKET_MESSAGE_CHANGED', change: 'edited', message: withoutLinks({ ...ctx(s).root!, message: 'Lunch at noon?' }) }]
        : [],
  },
  render: (snapshot, send) => <ThreadView {...connect(snapshot, send)} chatName="General" onClose={() => {}} />,
  spyActions: ['markRead'],
  perform: {
    RETRY: async (_, kit) => kit.user.click(panel(kit).getByRole('button', { name: 'Try again' })),
    LOAD_OLDER: async (_, kit) => kit.user.click(panel(kit).getByRole('button', { name: 'Show older replies' })),
    TOGGLE_FOLLOW: async (_, kit) => kit.user.click(panel(kit).getByRole('button', { name: /^Follow/ })),
    TYPE: async (event, kit) => {
      const box = panel(kit).getByRole('textbox', { name: 'Reply in thread' })
      await kit.user.click(box)
      await kit.user.paste(event.text as string)
    },
    TOGGLE_ALSO_IN_CHAT: async (_, kit) => kit.user.click(panel(kit).getByRole('checkbox', { name: 'Also send to the chat' })),
    SEND: async (_, kit) => kit.user.click(panel(kit).getByRole('button', { name: 'Send reply' })),
    ATTACH: async (event, kit) => {
      fireEvent.change(panel(kit).getByLabelText('Choose files'), { target: { files: event.files } })
      // One upload per file, into this chat.
      expect(kit.callbacks.at(-1)!.input).toMatchObject({ file: FILE, topicId: TOPIC })
    },
    REMOVE_ATTACHMENT: async (event, kit) => {
      await kit.user.click(panel(kit).getByRole('button', { name: 'Remove notes.pdf' }))
      // The upload is told to cancel (it drops a finished file on the server itself).
      expect(uploadOf(kit, event.id as string).received).toEqual([{ type: 'CANCEL' }])
    },
    UPLOAD_UPDATE: async (event, kit) => {
      const upload = uploadOf(kit, event.id as string)
      await act(async () => upload.sendBack(event))
    },
  },
  states: {
    '*': (expected, kit) => {
      const c = ctx(expected)
      // Not from the machine: the replies shown are those the test delivered, each once, oldest first.
      if (c.root) {
        // (By their times: each reply the test sent has its own.)
        const shown = panel(kit)
          .queryAllByRole('article', { name: /^Reply from/ })
          .map((a) => a.querySelector('time')?.getAttribute('datetime') ?? '')
        expect(shown).toEqual(c.replies.map((m) => m.created_at))
        const seqs = c.replies.map((m) => m.seq)
        expect(seqs, 'oldest first, each once').toEqual([...new Set(seqs)].sort((a, b) => a - b))
        expect(shown, 'a message of the chat itself is not the thread’s').not.toContain(at(50))
        expect(panel(kit).getByRole('article', { name: 'Thread started by Bao' })).toBeTruthy()
        const count = Math.max(c.root.thread?.reply_count ?? 0, c.replies.length)
        expect(panel(kit).getByTestId('thread-reply-count').textContent).toBe(count === 1 ? '1 reply' : `${count} replies`)
        const follow = panel(kit).getByRole('button', { name: /^Follow/ })
        expect(follow.getAttribute('aria-pressed')).toBe(String(c.following))
        expect(follow.textContent).toBe(c.following ? 'Following' : 'Follow')
        // The reply the thread opened on is marked once it shows (reply 5 came with the older page); none after a failed older page.
        const current = panel(kit).queryAllByRole('article', { current: true })
        const focusShown = c.focusSeq === 5 && c.replies.some((m) => m.seq === 5)
        expect(current.map((a) => a.querySelector('time')?.getAttribute('datetime'))).toEqual(focusShown ? [at(5)] : [])
      }
      const box = panel(kit).getByRole<HTMLTextAreaElement>('textbox', { name: 'Reply in thread' })
      expect(box.value).toBe(c.draft)
      // The files picked, as their uploads last reported; only their uploads still run (a sent reply's stopped).
      const rows = c.attachments.length ? within(panel(kit).getByRole('list', { name: 'Attachments' })).getAllByRole('listitem') : []
      expect(rows.map((r) => r.firstChild!.textContent)).toEqual(c.attachments.map((a) => a.name))
      c.attachments.forEach((a, i) => {
        if (a.status === 'failed') expect(within(rows[i]!).getByRole('alert').textContent).toBe('This file type is not allowed')
        else
          expect(within(rows[i]!).getByRole('progressbar').getAttribute('aria-label')).toBe(
            a.status === 'done' ? 'notes.pdf uploaded' : 'Uploading notes.pdf',
          )
      })
      expect(kit.callbacks.filter((u) => !u.stopped && u.received.length === 0).map((u) => u.id)).toEqual(c.attachments.map((a) => a.id))
      expect(panel(kit).getByRole<HTMLInputElement>('checkbox', { name: 'Also send to the chat' }).checked).toBe(c.alsoInChat)
      if (c.error) expect(panel(kit).getByRole('alert').textContent).toBe(c.error)
    },
    'history.loading': (expected, kit) => {
      expect(kit.pending('loadPage').input).toEqual({ rootId: ROOT })
      if (!ctx(expected).root) expect(panel(kit).getByRole('status').textContent).toBe('Loading the thread…')
    },
    'history.failed': (_, kit) => {
      expect(panel(kit).getByRole('alert').textContent).toContain('Could not load the thread.')
    },
    'history.ready': (expected, kit) => {
      expect(panel(kit).queryByRole('button', { name: 'Show older replies' }) !== null).toBe(ctx(expected).hasOlder)
      // Read on screen: marked read once per page loaded and per live reply.
      expect(kit.actions.markRead).toHaveBeenCalled()
    },
    'history.loadingOlder': (expected, kit) => {
      expect(kit.pending('loadOlder').input).toEqual({ rootId: ROOT, before: ctx(expected).replies[0]!.seq })
    },
    'follow.idle': () => {},
    'follow.saving': (expected, kit) => {
      expect(kit.pending('setFollow').input).toEqual({ rootId: ROOT, follow: !ctx(expected).following })
      expect(
        panel(kit)
          .getByRole('button', { name: /^Follow/ })
          .getAttribute('aria-busy'),
      ).toBe('true')
    },
    'reply.idle': (expected, kit) => {
      // Something to send (text or a finished file), nothing still uploading.
      const send = panel(kit).getByRole<HTMLButtonElement>('button', { name: 'Send reply' })
      expect(send.disabled).toBe(
        (ctx(expected).draft.trim() === '' && finished(expected).length === 0) || uploading(expected) !== undefined,
      )
    },
    'reply.sending': (expected, kit) => {
      // The members named as @Name are mentioned (the writer never); the client_id counts the replies sent.
      const text = ctx(expected).draft !== ''
      expect(kit.pending('sendReply').input).toEqual({
        client_id: `c:${ctx(expected).sent + 1}`,
        topic_id: TOPIC,
        thread_root_id: ROOT,
        message: text ? 'Thanks @Bao' : '',
        mentions: text ? [BAO._id] : [],
        also_in_chat: ctx(expected).alsoInChat,
        media_ids: finished(expected),
      })
      expect(panel(kit).getByRole<HTMLButtonElement>('button', { name: 'Send reply' }).disabled).toBe(true)
    },
    'reply.failed': (expected, kit) => {
      // The text (or the file alone) stays for another try, which repeats the same client_id.
      const value = panel(kit).getByRole<HTMLTextAreaElement>('textbox', { name: 'Reply in thread' }).value
      if (value) expect(value).toBe('Thanks @Bao')
      else
        expect(
          within(panel(kit).getByRole('list', { name: 'Attachments' })).getByRole('progressbar', { name: 'notes.pdf uploaded' }),
        ).toBeTruthy()
      expect(ctx(expected).sent).toBe(0)
    },
  },
})
