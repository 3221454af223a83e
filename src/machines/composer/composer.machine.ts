import { assign, emit, enqueueActions, raise, sendParent, sendTo, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate'
import type { Member } from '../../../contract/channel'
import { uploadMachine } from '../upload/upload.machine'
import type { UploadStatus, UploadUpdate } from '../upload/upload.types'
import type { ComposedMessage, ComposerContext, ComposerEmitted, ComposerEvent, ComposerInput } from './composer.types'

/**
 * The message box of an open chat.
 *
 * mode: composing --REPLY--> replying, --EDIT--> editing (the draft becomes the message's text);
 *   CANCEL goes back to composing (leaving an edit clears the draft). SUBMIT (or ENTER without
 *   suggestions) sends when sending is allowed, no attachment is still uploading and there is text
 *   or a finished attachment: a new message is emitted as `send` (the outbox queues it), an edit as
 *   `edit` (the conversation saves it); the draft, reply, mentions and attachments are cleared.
 * typing (each DRAFT sets the draft): idle --DRAFT--> announced (tells the others once) --2 s--> idle.
 * emoji: closed <--TOGGLE_EMOJI--> open; EMOJI inserts one at the caret and closes.
 * Attachments: ATTACH spawns one upload actor per file; REMOVE_ATTACHMENT cancels it (the upload
 *   drops a finished file on the server) and hides it; the uploads report back with UPLOAD_UPDATE.
 * Every change of the draft is persisted (persistDraft).
 */
/** The upload as a child: `report` sends UPLOAD_UPDATE to the actor that spawned it. */
const childUpload = uploadMachine.provide({
  actions: {
    report: sendParent(({ context }, params: { status: UploadStatus }): UploadUpdate => ({
      type: 'UPLOAD_UPDATE',
      id: context.id,
      status: params.status,
      percent: context.percent,
      mediaId: context.mediaId,
      error: context.error,
    })),
  },
})

/** The composer's uploads with the app's transfer and drop (the runtime provides them). */
export const provideUploads = (actors: Parameters<typeof uploadMachine.provide>[0]['actors']) => childUpload.provide({ actors })

export const TYPING_THROTTLE_MS = 2_000
export const MAX_SUGGESTIONS = 6

/** The @word being typed at the caret, if any. */
export function mentionQuery(text: string, caret: number): { start: number; query: string } | null {
  const match = /(^|\s)@([^\s@]*)$/.exec(text.slice(0, caret))
  return match ? { start: caret - match[2]!.length - 1, query: match[2]!.toLowerCase() } : null
}

/** Members whose name matches the @word at the caret (not the user). */
export function suggestionsOf(context: Pick<ComposerContext, 'draft' | 'caret' | 'members' | 'meId'>): Member[] {
  const query = mentionQuery(context.draft, context.caret)
  return query
    ? context.members.filter((m) => m._id !== context.meId && m.name.toLowerCase().includes(query.query)).slice(0, MAX_SUGGESTIONS)
    : []
}

/** Replaces draft[from, to) by `text`; the caret goes after it. */
const insertInto = (context: ComposerContext, text: string, from = context.caret, to = context.caret) => ({
  draft: context.draft.slice(0, from) + text + context.draft.slice(to),
  caret: from + text.length,
})

const pickMention = (context: ComposerContext, member: Member): Partial<ComposerContext> => {
  const query = mentionQuery(context.draft, context.caret)
  if (!query) return {}
  return {
    ...insertInto(context, `@${member.name} `, query.start, context.caret),
    mentioned: context.mentioned.some((m) => m._id === member._id) ? context.mentioned : [...context.mentioned, member],
  }
}

const finishedIds = (context: ComposerContext) => context.attachments.filter((a) => a.status === 'done' && a.mediaId).map((a) => a.mediaId!)

export const composerMachine = setup({
  types: {
    context: {} as ComposerContext,
    events: {} as ComposerEvent,
    input: {} as ComposerInput,
    emitted: {} as ComposerEmitted,
  },
  actors: { upload: childUpload },
  actions: {
    /** Keeps the draft for the next visit (the app writes it to the browser's storage). */
    persistDraft: (_, _params: { topicId: string; draft: string }) => {},
    /** Tells the others in the topic that the user is typing. */
    announceTyping: (_, _params: { topicId: string }) => {},
    setDraft: assign(({ event }) => (event.type === 'DRAFT' ? { draft: event.text, caret: event.caret } : {})),
    setCaret: assign({ caret: ({ context, event }) => (event.type === 'CARET' ? event.caret : context.caret) }),
    pickMention: assign(({ context, event }) => (event.type === 'PICK_MENTION' ? pickMention(context, event.member) : {})),
    pickFirstSuggestion: assign(({ context }) => pickMention(context, suggestionsOf(context)[0]!)),
    insertEmoji: assign(({ context, event }) => (event.type === 'EMOJI' ? insertInto(context, event.emoji) : {})),
    setReplyTo: assign(({ event }) => (event.type === 'REPLY' ? { replyTo: event.message, editing: null } : {})),
    startEdit: assign(({ event }) =>
      event.type === 'EDIT'
        ? { editing: event.message, replyTo: null, draft: event.message.message, caret: event.message.message.length }
        : {},
    ),
    clearReply: assign({ replyTo: null }),
    clearEdit: assign({ editing: null, draft: '', caret: 0 }),
    submitSend: emit(({ context }): ComposerEmitted => {
      const text = context.draft.trim()
      const message: ComposedMessage = {
        topic_id: context.topicId,
        message: text,
        reply_to: context.replyTo?._id,
        media_ids: finishedIds(context),
        mentions: context.mentioned.filter((m) => text.includes(`@${m.name}`)).map((m) => m._id),
      }
      return { type: 'send', message }
    }),
    submitEdit: emit(({ context }): ComposerEmitted => ({
      type: 'edit',
      messageId: context.editing?._id ?? '',
      text: context.draft.trim(),
    })),
    /** After a send: the attachments belong to the message now, so their uploads stop without dropping them. */
    clearAfterSubmit: enqueueActions(({ context, enqueue }) => {
      for (const attachment of context.attachments) enqueue.stopChild(attachment.id)
      enqueue.assign({ draft: '', caret: 0, replyTo: null, mentioned: [], attachments: [] })
    }),
    /** After an edit is saved: the attachments stay for the next message. */
    clearAfterEdit: assign({ draft: '', caret: 0, editing: null, mentioned: [] }),
    spawnUploads: assign(({ context, event, spawn }) => {
      if (event.type !== 'ATTACH') return {}
      const added = event.files.map((file, index) => {
        const id = `attachment-${context.nextAttachment + index}`
        spawn('upload', { id, input: { id, file, topicId: context.topicId } })
        return { id, name: file.name, status: 'uploading' as const, percent: 0, error: null, mediaId: null }
      })
      return { attachments: [...context.attachments, ...added], nextAttachment: context.nextAttachment + added.length }
    }),
    cancelUpload: sendTo(({ event }) => (event.type === 'REMOVE_ATTACHMENT' ? event.id : ''), { type: 'CANCEL' }),
    hideAttachment: assign({
      attachments: ({ context, event }) => context.attachments.filter((a) => event.type !== 'REMOVE_ATTACHMENT' || a.id !== event.id),
    }),
    updateAttachment: assign({
      attachments: ({ context, event }) =>
        event.type === 'UPLOAD_UPDATE'
          ? context.attachments.map((a) =>
              a.id === event.id ? { ...a, status: event.status, percent: event.percent, error: event.error, mediaId: event.mediaId } : a,
            )
          : context.attachments,
    }),
    submit: raise({ type: 'SUBMIT' }),
  },
  guards: {
    hasSuggestions: ({ context }) => suggestionsOf(context).length > 0,
    hasMentionQuery: ({ context }) => mentionQuery(context.draft, context.caret) !== null,
    canSubmit: ({ context }) =>
      context.canSend &&
      !context.attachments.some((a) => a.status === 'uploading') &&
      (context.draft.trim() !== '' || context.attachments.some((a) => a.status === 'done')),
    isKnownAttachment: ({ context, event }) => 'id' in event && context.attachments.some((a) => a.id === event.id),
  },
  delays: { TYPING_THROTTLE: TYPING_THROTTLE_MS },
}).createMachine({
  id: 'composer',
  context: ({ input }) => ({
    ...input,
    caret: input.draft.length,
    replyTo: null,
    editing: null,
    mentioned: [],
    attachments: [],
    nextAttachment: 1,
  }),
  type: 'parallel',
  on: {
    CARET: { actions: 'setCaret' },
    PICK_MENTION: {
      guard: 'hasMentionQuery',
      actions: ['pickMention', { type: 'persistDraft', params: ({ context }) => ({ topicId: context.topicId, draft: context.draft }) }],
    },
    ENTER: [
      {
        guard: 'hasSuggestions',
        actions: [
          'pickFirstSuggestion',
          { type: 'persistDraft', params: ({ context }) => ({ topicId: context.topicId, draft: context.draft }) },
        ],
      },
      { actions: 'submit' },
    ],
    ATTACH: { actions: 'spawnUploads' },
    REMOVE_ATTACHMENT: { guard: 'isKnownAttachment', actions: ['cancelUpload', 'hideAttachment'] },
    UPLOAD_UPDATE: { guard: 'isKnownAttachment', actions: 'updateAttachment' },
  },
  states: {
    mode: {
      initial: 'composing',
      states: {
        composing: {
          on: {
            REPLY: { target: 'replying', actions: 'setReplyTo' },
            EDIT: {
              target: 'editing',
              actions: [
                'startEdit',
                { type: 'persistDraft', params: ({ context }) => ({ topicId: context.topicId, draft: context.draft }) },
              ],
            },
            SUBMIT: {
              guard: 'canSubmit',
              actions: [
                'submitSend',
                'clearAfterSubmit',
                { type: 'persistDraft', params: ({ context }) => ({ topicId: context.topicId, draft: '' }) },
              ],
            },
          },
        },
        replying: {
          on: {
            REPLY: { actions: 'setReplyTo' },
            EDIT: {
              target: 'editing',
              actions: [
                'startEdit',
                { type: 'persistDraft', params: ({ context }) => ({ topicId: context.topicId, draft: context.draft }) },
              ],
            },
            CANCEL: { target: 'composing', actions: 'clearReply' },
            SUBMIT: {
              guard: 'canSubmit',
              target: 'composing',
              actions: [
                'submitSend',
                'clearAfterSubmit',
                { type: 'persistDraft', params: ({ context }) => ({ topicId: context.topicId, draft: '' }) },
              ],
            },
          },
        },
        editing: {
          on: {
            REPLY: { target: 'replying', actions: 'setReplyTo' },
            EDIT: {
              actions: [
                'startEdit',
                { type: 'persistDraft', params: ({ context }) => ({ topicId: context.topicId, draft: context.draft }) },
              ],
            },
            CANCEL: {
              target: 'composing',
              actions: ['clearEdit', { type: 'persistDraft', params: ({ context }) => ({ topicId: context.topicId, draft: '' }) }],
            },
            SUBMIT: {
              guard: 'canSubmit',
              target: 'composing',
              actions: [
                'submitEdit',
                'clearAfterEdit',
                { type: 'persistDraft', params: ({ context }) => ({ topicId: context.topicId, draft: '' }) },
              ],
            },
          },
        },
      },
    },
    typing: {
      initial: 'idle',
      states: {
        idle: {
          on: {
            DRAFT: {
              target: 'announced',
              actions: [
                'setDraft',
                { type: 'persistDraft', params: ({ context }) => ({ topicId: context.topicId, draft: context.draft }) },
                { type: 'announceTyping', params: ({ context }) => ({ topicId: context.topicId }) },
              ],
            },
          },
        },
        announced: {
          on: {
            DRAFT: {
              actions: [
                'setDraft',
                { type: 'persistDraft', params: ({ context }) => ({ topicId: context.topicId, draft: context.draft }) },
              ],
            },
          },
          after: { TYPING_THROTTLE: 'idle' },
        },
      },
    },
    emoji: {
      initial: 'closed',
      states: {
        closed: { on: { TOGGLE_EMOJI: 'open' } },
        open: {
          on: {
            TOGGLE_EMOJI: 'closed',
            EMOJI: {
              target: 'closed',
              actions: [
                'insertEmoji',
                { type: 'persistDraft', params: ({ context }) => ({ topicId: context.topicId, draft: context.draft }) },
              ],
            },
          },
        },
      },
    },
  },
})

export const composerSampleInput: ComposerInput = { topicId: 'topic-1', meId: 'user-1', members: [], canSend: true, draft: '' }

export type ComposerMachine = typeof composerMachine
export type ComposerActor = ActorRefFrom<ComposerMachine>
export type ComposerSnapshot = SnapshotFrom<ComposerMachine>
