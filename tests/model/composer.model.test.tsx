import { expect } from 'vitest'
import { act, fireEvent, within } from '@testing-library/react'
import { vi } from 'vitest'
import type { AnyEventObject } from 'xstate'
import type { Member } from '../../contract/channel'
import type { Message } from '../../contract/message'
import { composerMachine, connect, type ComposerEmitted, type ComposerSnapshot } from '../../src/machines/composer'
import { Composer } from '../../src/ui/conversation/composer'
import { describeModel, type ModelKit } from './support/run-model'
import { textMessage } from './support/messages'

type Kit = ModelKit<typeof composerMachine>

const TOPIC = 'topic-1'
const ME = 'u-me'
const member = (_id: string, name: string): Member => ({ _id, name, workid: name.toLowerCase(), photo_url: null, role: 20 })
const MEMBERS = [member(ME, 'Me Myself'), member('u-lan', 'Lan Tran'), member('u-lam', 'Lam Vo'), member('u-bao', 'Bao Le')]
const LAN = MEMBERS[1]!
const sender = (m: Member) => ({ _id: m._id, name: m.name, workid: m.workid, photo_url: null })
const message = (id: string, from: Member, text: string): Message =>
  textMessage({ _id: id, topic_id: TOPIC, seq: 1, message: text, sender: sender(from), created_at: '2026-03-01T08:00:00.000Z' })
const THEIRS = message('m-1', LAN, 'Can you review?')
const THEIRS_TOO = message('m-2', MEMBERS[3]!, 'Me too')
const MINE = message('m-3', MEMBERS[0]!, 'My first text')
const MINE_TOO = message('m-4', MEMBERS[0]!, 'My second text')
const fileOf = (n: number) => new File([`file ${n}`], `file-${n}.pdf`, { type: 'application/pdf' })

const ctx = (s: ComposerSnapshot) => s.context
/** The server's draft of the chat, as draft/get answers it. */
const SERVER_DRAFT = 'Hello '
const draftOf = (text: string) => ({ topic_id: TOPIC, text, updated_at: text ? '2026-03-01T08:00:00.000Z' : null })
type SyncState = 'loading' | 'synced' | 'pending' | 'saving' | 'failed'
const syncIn = (s: ComposerSnapshot, ...states: SyncState[]) => states.some((state) => s.matches({ sync: state }))
const typingIdle = (s: ComposerSnapshot) => s.matches({ typing: 'idle' })
/**
 * The draft's save waits 5 s here (1 s in the app): typing's 2 s window then always ends first, so
 * each delay is the next timer when it is offered (a save's delay only once typing is idle).
 */
const SAVE_DELAY_MS = 5_000
/** A timer whose time may have partly passed: the next one fires. */
const nextTimer = async () => {
  await act(async () => {
    await vi.advanceTimersToNextTimerAsync()
  })
}
/** Saves on their way that the machine still waits for (one it left is stopped, its answer ignored). */
const pendingSaves = (kit: Kit) =>
  kit.calls.filter((c) => c.src === 'saveDraft' && !c.settled && (c.ref.getSnapshot() as { status: string }).status === 'active')
/** The message box is empty, nothing attached, no emoji picker: where each exploration starts. */
const plain = (s: ComposerSnapshot) => ctx(s).attachments.length === 0 && s.matches({ emoji: 'closed' })
const composing = (s: ComposerSnapshot) => s.matches({ mode: 'composing' })
const uploading = (s: ComposerSnapshot) => ctx(s).attachments.find((a) => a.status === 'uploading')
/** Nobody is typing, no mention is picked, the caret is at the end and the draft is one of a few. */
const settled = (s: ComposerSnapshot) =>
  s.matches({ typing: 'idle' }) &&
  ctx(s).mentioned.length === 0 &&
  ctx(s).caret === ctx(s).draft.length &&
  ['', SERVER_DRAFT, MINE.message, MINE_TOO.message].includes(ctx(s).draft)
/** Where the draft's sync is explored: the plain box, composing, nobody typing, nothing picked. */
const quiet = (s: ComposerSnapshot) =>
  plain(s) && composing(s) && typingIdle(s) && !ctx(s).replyTo && !ctx(s).editing && ctx(s).mentioned.length === 0
const only =
  (when: (s: ComposerSnapshot) => boolean, variants: (s: ComposerSnapshot) => AnyEventObject[]) =>
  (s: ComposerSnapshot): AnyEventObject[] =>
    when(s) ? variants(s) : []

const box = ({ screen }: Kit) => screen.getByRole<HTMLTextAreaElement>('textbox', { name: 'Message' })
const sendButton = ({ screen }: Kit) => screen.getByRole<HTMLButtonElement>('button', { name: /^(Send|Save)$/ })
const uploadOf = (kit: Kit, id: string) => kit.callbacks.find((c) => c.id === id)!

/** Runs `step` and returns what the composer emitted meanwhile. */
async function emitted(kit: Kit, step: () => Promise<void>): Promise<ComposerEmitted[]> {
  const seen: ComposerEmitted[] = []
  const subscriptions = [kit.actor.on('send', (e) => seen.push(e)), kit.actor.on('edit', (e) => seen.push(e))]
  await step()
  subscriptions.forEach((s) => s.unsubscribe())
  return seen
}

/** What a send or save of the previous snapshot must emit: computed from the test's own data. */
function expectedEmit(s: ComposerSnapshot, key: 'enter' | 'button'): ComposerEmitted[] {
  const c = ctx(s)
  // Enter while a mention is being typed picks the first suggestion instead.
  if (key === 'enter' && /@la$/.test(c.draft.slice(0, c.caret))) return []
  const text = c.draft.trim()
  const ready =
    c.canSend && !c.attachments.some((a) => a.status === 'uploading') && (text !== '' || c.attachments.some((a) => a.status === 'done'))
  if (!ready) return []
  if (c.editing) return [{ type: 'edit', messageId: c.editing._id, text }]
  const mentions = text.includes('@Lan Tran') && c.mentioned.length ? ['u-lan'] : []
  const media_ids = c.attachments.filter((a) => a.status === 'done').map((a) => `media-${a.id}`)
  return [{ type: 'send', message: { topic_id: TOPIC, message: text, reply_to: c.replyTo?._id, media_ids, mentions } }]
}

async function submitWith(kit: Kit, key: 'enter' | 'button', step: () => Promise<void>) {
  const before = kit.previous
  const out = await emitted(kit, step)
  expect(out).toEqual(expectedEmit(before, key))
  if (out.length && out[0]!.type === 'send')
    for (const a of ctx(before).attachments) {
      // Sent: each upload stops, and none is cancelled (the message holds the file now).
      expect(uploadOf(kit, a.id).stopped).toBe(true)
      expect(uploadOf(kit, a.id).received).toEqual([])
    }
}

describeModel({
  machine: composerMachine.provide({ delays: { DRAFT_SAVE_DELAY: SAVE_DELAY_MS } }),
  input: { topicId: TOPIC, meId: ME, members: MEMBERS, canSend: true, draft: '' },
  serializeState: (s) =>
    JSON.stringify({
      // The draft's sync counts only where it is explored (quiet): elsewhere it would multiply the box's states.
      value: { ...(s.value as Record<string, unknown>), sync: quiet(s) ? (s.value as Record<string, unknown>).sync : undefined },
      draft: ctx(s).draft,
      caret: ctx(s).caret,
      replyTo: ctx(s).replyTo?._id,
      editing: ctx(s).editing?._id,
      mentioned: ctx(s).mentioned.length,
      attachments: ctx(s).attachments.map((a) => `${a.id}:${a.status}:${a.percent}`),
      next: ctx(s).nextAttachment,
    }),
  select: 'transitions',
  callbackActors: ['upload'],
  spyActions: ['persistDraft', 'announceTyping', 'flushDraft'],
  events: {
    // Raised by the machine itself when the draft changes, never sent from outside.
    DRAFT_TOUCHED: [],
    // The server's draft arrives while the box is still empty (or draft/get fails).
    'xstate.done.actor.loadDraft': only(
      // Also while a message is being edited: the box keeps the edit.
      (s) => (quiet(s) && ctx(s).draft === '') || (s.matches({ mode: 'editing' }) && plain(s) && typingIdle(s) && syncIn(s, 'loading')),
      () => [{ type: 'xstate.done.actor.loadDraft', output: draftOf(SERVER_DRAFT) }],
    ),
    'xstate.error.actor.loadDraft': only(
      (s) => quiet(s) && ctx(s).draft === '',
      () => [{ type: 'xstate.error.actor.loadDraft', error: new Error('offline') }],
    ),
    'xstate.done.actor.saveDraft': only(quiet, (s) => [{ type: 'xstate.done.actor.saveDraft', output: draftOf(ctx(s).draft) }]),
    'xstate.error.actor.saveDraft': only(quiet, () => [{ type: 'xstate.error.actor.saveDraft', error: new Error('offline') }]),
    'xstate.after.DRAFT_SAVE_DELAY.composer.sync.pending': only(quiet, () => [
      { type: 'xstate.after.DRAFT_SAVE_DELAY.composer.sync.pending' },
    ]),
    'xstate.after.DRAFT_RETRY.composer.sync.failed': only(quiet, () => [{ type: 'xstate.after.DRAFT_RETRY.composer.sync.failed' }]),
    // The same person saved a draft of this chat in another tab.
    REMOTE_DRAFT: only(
      (s) => quiet(s) && ctx(s).draft === '',
      () => [{ type: 'REMOTE_DRAFT', text: SERVER_DRAFT }],
    ),
    // The socket connected again: the draft is read again.
    CONNECTED: only(
      (s) => quiet(s) && ctx(s).draft === '',
      () => [{ type: 'CONNECTED' }],
    ),
    LEAVE: only(quiet, () => [{ type: 'LEAVE' }]),
    FORMAT: only(
      (s) => quiet(s) && ctx(s).draft === SERVER_DRAFT,
      () => [{ type: 'FORMAT', format: 'bold', start: 0, end: 5 }],
    ),
    DRAFT: only(
      (s) => plain(s) && ctx(s).mentioned.length === 0 && ctx(s).caret === ctx(s).draft.length,
      (s) =>
        ['Hi @la', 'Hello ', '']
          .filter((text) => text !== ctx(s).draft && !(text === '' && s.matches({ mode: 'editing' })))
          .map((text) => ({ type: 'DRAFT', text, caret: text.length })),
    ),
    CARET: only(
      (s) => plain(s) && ctx(s).draft === 'Hi @la' && ctx(s).caret !== 0,
      () => [{ type: 'CARET', caret: 0 }],
    ),
    PICK_MENTION: only(
      (s) => ctx(s).draft === 'Hi @la' && ctx(s).caret === 6,
      () => [{ type: 'PICK_MENTION', member: LAN }],
    ),
    ENTER: only(
      (s) => plain(s) && s.matches({ typing: 'idle' }),
      () => [{ type: 'ENTER' }],
    ),
    SUBMIT: only(
      (s) => s.matches({ emoji: 'closed', typing: 'idle' }) && ctx(s).draft !== 'Hi @la',
      () => [{ type: 'SUBMIT' }],
    ),
    CANCEL: only(
      (s) => plain(s),
      () => [{ type: 'CANCEL' }],
    ),
    REPLY: only(
      (s) => plain(s) && settled(s),
      (s) => [{ type: 'REPLY', message: ctx(s).replyTo?._id === THEIRS._id ? THEIRS_TOO : THEIRS }],
    ),
    EDIT: only(
      (s) => plain(s) && settled(s),
      (s) => [{ type: 'EDIT', message: ctx(s).editing?._id === MINE._id ? MINE_TOO : MINE }],
    ),
    TOGGLE_EMOJI: only(
      (s) => ctx(s).attachments.length === 0 && composing(s) && settled(s) && !ctx(s).draft.includes('👍'),
      () => [{ type: 'TOGGLE_EMOJI' }],
    ),
    EMOJI: [{ type: 'EMOJI', emoji: '👍' }],
    ATTACH: only(
      (s) => composing(s) && s.matches({ emoji: 'closed', typing: 'idle' }) && ctx(s).draft === '' && ctx(s).nextAttachment <= 2,
      (s) => [{ type: 'ATTACH', files: [fileOf(ctx(s).nextAttachment)] }],
    ),
    REMOVE_ATTACHMENT: (s) =>
      ctx(s)
        .attachments.slice(0, 1)
        .map((a) => ({ type: 'REMOVE_ATTACHMENT', id: a.id })),
    // What an upload reports: progress, then done or refused.
    UPLOAD_UPDATE: (s) => {
      const a = uploading(s)
      if (!a) return []
      return [
        ...(a.percent === 0 ? [{ type: 'UPLOAD_UPDATE', id: a.id, status: 'uploading', percent: 50, mediaId: null, error: null }] : []),
        { type: 'UPLOAD_UPDATE', id: a.id, status: 'done', percent: 100, mediaId: `media-${a.id}`, error: null },
        { type: 'UPLOAD_UPDATE', id: a.id, status: 'failed', percent: a.percent, mediaId: null, error: 'This file type is not allowed' },
      ]
    },
  },
  render: (snapshot, send) => <Composer {...connect(snapshot, send)} />,
  perform: {
    'xstate.after.DRAFT_SAVE_DELAY.composer.sync.pending': async (_, kit) => {
      expect(pendingSaves(kit)).toEqual([])
      await nextTimer()
    },
    'xstate.after.DRAFT_RETRY.composer.sync.failed': nextTimer,
    FORMAT: async (_, kit) => {
      // The word is selected, then the toolbar's Bold wraps it.
      box(kit).setSelectionRange(0, 5)
      await kit.user.click(within(kit.screen.getByRole('toolbar', { name: 'Formatting' })).getByRole('button', { name: 'Bold' }))
      expect(box(kit).value).toBe('**Hello** ')
    },
    LEAVE: async (_, kit) => {
      await kit.send({ type: 'LEAVE' })
      // Closing the chat saves the unsaved draft at once, whatever it is.
      expect(kit.actions.flushDraft).toHaveBeenLastCalledWith(expect.anything(), { topicId: TOPIC, text: ctx(kit.previous).draft })
    },
    DRAFT: async (event, kit) => {
      fireEvent.change(box(kit), { target: { value: event.text } })
    },
    CARET: async (_, kit) => {
      box(kit).setSelectionRange(0, 0)
      fireEvent.select(box(kit))
    },
    PICK_MENTION: async (event, kit) => {
      const list = kit.screen.getByRole('listbox', { name: 'Mention someone' })
      // Names containing 'la', in the members' order, never the user.
      expect(
        within(list)
          .getAllByRole('option')
          .map((o) => o.textContent),
      ).toEqual(['Lan Tran', 'Lam Vo'])
      await kit.user.click(within(list).getByRole('button', { name: (event.member as Member).name }))
    },
    ENTER: async (_, kit) => {
      await submitWith(kit, 'enter', async () => {
        fireEvent.keyDown(box(kit), { key: 'Enter' })
      })
    },
    SUBMIT: async (_, kit) => {
      await submitWith(kit, 'button', async () => {
        fireEvent.click(sendButton(kit))
      })
    },
    CANCEL: async (_, kit) => {
      fireEvent.keyDown(box(kit), { key: 'Escape' })
    },
    // Reply and edit come from a message's buttons: the handlers connect gives the message list.
    REPLY: async (event, kit) => {
      await act(async () => connect(kit.actor.getSnapshot(), kit.actor.send).messageActions.onReply(event.message as Message))
    },
    EDIT: async (event, kit) => {
      await act(async () => connect(kit.actor.getSnapshot(), kit.actor.send).messageActions.onEdit(event.message as Message))
    },
    TOGGLE_EMOJI: async (_, kit) => {
      await kit.user.click(kit.screen.getByRole('button', { name: 'Emoji' }))
    },
    EMOJI: async (_, kit) => {
      await kit.user.click(within(kit.screen.getByRole('group', { name: 'Emoji' })).getByRole('button', { name: '👍' }))
    },
    ATTACH: async (event, kit) => {
      fireEvent.change(kit.screen.getByLabelText('Choose files'), { target: { files: event.files } })
      const [file] = event.files as File[]
      // One upload actor per file, for this topic.
      expect(kit.callbacks.at(-1)!.input).toMatchObject({ file, topicId: TOPIC })
    },
    REMOVE_ATTACHMENT: async (event, kit) => {
      const name = ctx(kit.previous).attachments.find((a) => a.id === event.id)!.name
      await kit.user.click(kit.screen.getByRole('button', { name: `Remove ${name}` }))
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
      expect(box(kit).value).toBe(c.draft)
      // The draft is kept for the next visit each time it changes.
      const saved = kit.actions.persistDraft.mock.calls.at(-1)?.[1] as { draft: string } | undefined
      if (saved) expect(saved).toEqual({ topicId: TOPIC, draft: c.draft })
      // Attachments as their uploads last reported; sending waits while one uploads.
      const rows = c.attachments.length ? within(kit.screen.getByRole('list', { name: 'Attachments' })).getAllByRole('listitem') : []
      expect(rows.map((r) => r.firstChild!.textContent)).toEqual(c.attachments.map((a) => a.name))
      c.attachments.forEach((a, i) => {
        if (a.status === 'failed') expect(within(rows[i]!).getByRole('alert').textContent).toBe(a.error)
        else
          expect(
            within(rows[i]!).getByRole<HTMLProgressElement>('progressbar', {
              name: a.status === 'done' ? `${a.name} uploaded` : `Uploading ${a.name}`,
            }).value,
          ).toBe(a.percent)
        expect(within(rows[i]!).getByRole('button', { name: `Remove ${a.name}` }).textContent).toBe(
          a.status === 'uploading' ? 'Cancel' : 'Remove',
        )
      })
      expect(sendButton(kit).disabled).toBe(c.attachments.some((a) => a.status === 'uploading'))
      // Not from the machine: the uploads running are those the test attached and did not remove or send.
      expect(kit.callbacks.filter((u) => !u.stopped && u.received.length === 0).map((u) => u.id)).toEqual(c.attachments.map((a) => a.id))
    },
    'mode.composing': (_, kit) => {
      expect(kit.screen.queryByText(/^Replying to|^Editing your message/)).toBeNull()
      expect(sendButton(kit).textContent).toBe('Send')
    },
    'mode.replying': (expected, kit) => {
      const to = ctx(expected).replyTo!
      expect(kit.screen.getByText(`Replying to ${to.sender!.name}: ${to.message}`)).toBeTruthy()
      expect(sendButton(kit).textContent).toBe('Send')
    },
    'mode.editing': (_, kit) => {
      expect(kit.screen.getByText('Editing your message')).toBeTruthy()
      expect(sendButton(kit).textContent).toBe('Save')
    },
    'typing.idle': () => {},
    'typing.announced': (_, kit) => {
      // Typing is told to the others once per window, however many keys are pressed.
      expect(kit.actions.announceTyping).toHaveBeenLastCalledWith(expect.anything(), { topicId: TOPIC })
    },
    'emoji.closed': (_, kit) => {
      expect(kit.screen.getByRole('button', { name: 'Emoji' }).getAttribute('aria-expanded')).toBe('false')
      expect(kit.screen.queryByRole('group', { name: 'Emoji' })).toBeNull()
    },
    'sync.loading': (_, kit) => {
      expect(kit.pending('loadDraft').input).toEqual({ topicId: TOPIC })
    },
    'sync.refreshing': (_, kit) => {
      expect(kit.pending('loadDraft').input).toEqual({ topicId: TOPIC })
    },
    'sync.synced': (expected, kit) => {
      expect(pendingSaves(kit)).toEqual([])
      expect(ctx(expected).savedText).toBe(ctx(expected).editing ? ctx(expected).savedText : ctx(expected).draft)
    },
    'sync.pending': (_, kit) => {
      expect(pendingSaves(kit)).toEqual([])
    },
    'sync.saving': (expected, kit) => {
      // What the box held goes to the server (a message being edited is never a draft: the save keeps the text before the edit).
      if (!ctx(expected).editing) expect(kit.pending('saveDraft').input).toEqual({ topicId: TOPIC, text: ctx(expected).draft })
    },
    'sync.failed': (_, kit) => {
      expect(pendingSaves(kit)).toEqual([])
    },
    'emoji.open': (_, kit) => {
      expect(within(kit.screen.getByRole('group', { name: 'Emoji' })).getAllByRole('button')).toHaveLength(12)
    },
  },
})
