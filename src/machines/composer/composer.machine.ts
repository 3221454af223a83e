import {
  and,
  assign,
  emit,
  enqueueActions,
  fromPromise,
  not,
  raise,
  sendTo,
  setup,
  stateIn,
  type ActorRefFrom,
  type SnapshotFrom,
} from 'xstate'
import type { Draft } from '../../../contract/draft'
import { actorNotProvided } from '../not-provided'
import { formatDraft } from './format'
import type { Member } from '../../../contract/channel'
import { attachmentsAfter, childUpload, finishedIds, isUploading } from '../upload/attachments'
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
 * sync (the draft on the server, for the user's other tabs and devices): loading (the server's
 *   draft replaces the empty box unless something was typed first) -> synced. Each change of the
 *   draft (touchDraft) waits in pending for DRAFT_SAVE_DELAY after the last one, then saving; a draft
 *   back to what the server holds needs no save; a sent message's empty draft is saved at once; an
 *   edit of a message is never saved as a draft. A failed save is tried again after DRAFT_RETRY.
 *   CONNECTED (the socket back) in synced reads the draft again (refreshing), taken as a REMOTE_DRAFT.
 *   REMOTE_DRAFT (another tab saved) replaces the box only in synced, while nothing typed here is
 *   unsaved. LEAVE saves a pending draft at once (flushDraft) as the chat closes.
 * FORMAT (the toolbar, Ctrl/Cmd+B, I) wraps the selection in markdown (format.ts).
 */
const notProvided = actorNotProvided('composer')

export const TYPING_THROTTLE_MS = 2_000
/** Quiet time after the last change before the draft goes to the server. */
export const DRAFT_SAVE_DELAY_MS = 1_000
/** After a failed save, the next try. */
export const DRAFT_RETRY_MS = 10_000
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

export const composerMachine = setup({
  types: {
    context: {} as ComposerContext,
    events: {} as ComposerEvent,
    input: {} as ComposerInput,
    emitted: {} as ComposerEmitted,
  },
  actors: {
    upload: childUpload,
    /** GET draft/get: the server's draft of this chat. */
    loadDraft: fromPromise<Draft, { topicId: string }>(notProvided('loadDraft')),
    /** POST draft/save ('' deletes). */
    saveDraft: fromPromise<Draft, { topicId: string; text: string }>(notProvided('saveDraft')),
  },
  actions: {
    /** Saves the draft at once, without waiting for an answer (the chat is closing). */
    flushDraft: (_, _params: { topicId: string; text: string }) => {},
    touchDraft: raise((_, params: { now: boolean } | undefined) => ({ type: 'DRAFT_TOUCHED' as const, now: params?.now ?? false })),
    applyFormat: assign(({ context, event }) =>
      event.type === 'FORMAT' ? formatDraft(context.draft, event.format, event.start, event.end) : {},
    ),
    /** The server's draft (loaded, or saved in another tab) fills the box. */
    applyServerDraft: assign((_, params: { text: string }) => ({ draft: params.text, caret: params.text.length, savedText: params.text })),
    setSavedText: assign((_, params: { text: string }) => ({ savedText: params.text })),
    /** Keeps the draft for the next visit (the app writes it to the browser's storage). */
    persistDraft: (_, _params: { topicId: string; draft: string }) => {},
    /** Tells the others in the topic that the user is typing. */
    announceTyping: (_, _params: { topicId: string }) => {},
    setDraft: assign(({ event }) => (event.type === 'DRAFT' ? { draft: event.text, caret: event.caret } : {})),
    // Within the draft: a selection reported after the box was emptied (a send) does not point past it.
    setCaret: assign({
      caret: ({ context, event }) => (event.type === 'CARET' ? Math.min(event.caret, context.draft.length) : context.caret),
    }),
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
        media_ids: finishedIds(context.attachments),
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
    /** Files picked (each upload started), one taken back, an upload's report. */
    changeAttachments: assign(({ context, event, spawn }) =>
      attachmentsAfter(context, event, (id, file) => spawn('upload', { id, input: { id, file, topicId: context.topicId } })),
    ),
    cancelUpload: sendTo(({ event }) => (event.type === 'REMOVE_ATTACHMENT' ? event.id : ''), { type: 'CANCEL' }),
    submit: raise({ type: 'SUBMIT' }),
  },
  guards: {
    hasSuggestions: ({ context }) => suggestionsOf(context).length > 0,
    hasMentionQuery: ({ context }) => mentionQuery(context.draft, context.caret) !== null,
    canSubmit: ({ context }) =>
      context.canSend && !isUploading(context.attachments) && (context.draft.trim() !== '' || finishedIds(context.attachments).length > 0),
    isKnownAttachment: ({ context, event }) => 'id' in event && context.attachments.some((a) => a.id === event.id),
    isEditing: stateIn({ mode: 'editing' }),
    /** The box holds what the server has: nothing to save. */
    matchesSaved: ({ context }) => context.draft === context.savedText,
    savesNow: ({ event }) => event.type === 'DRAFT_TOUCHED' && event.now,
    /** Another tab's draft differs from the box. */
    isNewRemote: ({ context, event }) => event.type === 'REMOTE_DRAFT' && event.text !== context.draft,
  },
  delays: { TYPING_THROTTLE: TYPING_THROTTLE_MS, DRAFT_SAVE_DELAY: DRAFT_SAVE_DELAY_MS, DRAFT_RETRY: DRAFT_RETRY_MS },
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
    savedText: '',
  }),
  type: 'parallel',
  on: {
    CARET: { actions: 'setCaret' },
    PICK_MENTION: {
      guard: 'hasMentionQuery',
      actions: [
        'pickMention',
        { type: 'persistDraft', params: ({ context }) => ({ topicId: context.topicId, draft: context.draft }) },
        'touchDraft',
      ],
    },
    ENTER: [
      {
        guard: 'hasSuggestions',
        actions: [
          'pickFirstSuggestion',
          { type: 'persistDraft', params: ({ context }) => ({ topicId: context.topicId, draft: context.draft }) },
          'touchDraft',
        ],
      },
      { actions: 'submit' },
    ],
    ATTACH: { actions: 'changeAttachments' },
    REMOVE_ATTACHMENT: { guard: 'isKnownAttachment', actions: ['cancelUpload', 'changeAttachments'] },
    UPLOAD_UPDATE: { guard: 'isKnownAttachment', actions: 'changeAttachments' },
    FORMAT: {
      actions: [
        'applyFormat',
        { type: 'persistDraft', params: ({ context }) => ({ topicId: context.topicId, draft: context.draft }) },
        'touchDraft',
      ],
    },
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
                'touchDraft',
              ],
            },
            SUBMIT: {
              guard: 'canSubmit',
              actions: [
                'submitSend',
                'clearAfterSubmit',
                { type: 'persistDraft', params: ({ context }) => ({ topicId: context.topicId, draft: '' }) },
                { type: 'touchDraft', params: { now: true } },
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
                'touchDraft',
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
                { type: 'touchDraft', params: { now: true } },
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
                'touchDraft',
              ],
            },
            CANCEL: {
              target: 'composing',
              actions: [
                'clearEdit',
                { type: 'persistDraft', params: ({ context }) => ({ topicId: context.topicId, draft: '' }) },
                'touchDraft',
              ],
            },
            SUBMIT: {
              guard: 'canSubmit',
              target: 'composing',
              actions: [
                'submitEdit',
                'clearAfterEdit',
                { type: 'persistDraft', params: ({ context }) => ({ topicId: context.topicId, draft: '' }) },
                'touchDraft',
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
                'touchDraft',
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
                'touchDraft',
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
                'touchDraft',
              ],
            },
          },
        },
      },
    },
    sync: {
      initial: 'loading',
      on: {
        DRAFT_TOUCHED: [
          { guard: 'isEditing' },
          { guard: 'matchesSaved', target: '.synced' },
          { guard: 'savesNow', target: '.saving' },
          { target: '.pending' },
        ],
      },
      states: {
        loading: {
          invoke: {
            id: 'loadDraft',
            src: 'loadDraft',
            input: ({ context }) => ({ topicId: context.topicId }),
            onDone: [
              {
                guard: 'isEditing',
                target: 'synced',
                actions: { type: 'setSavedText', params: ({ event }) => ({ text: event.output.text }) },
              },
              {
                target: 'synced',
                actions: [
                  { type: 'applyServerDraft', params: ({ event }) => ({ text: event.output.text }) },
                  { type: 'persistDraft', params: ({ context }) => ({ topicId: context.topicId, draft: context.draft }) },
                ],
              },
            ],
            onError: 'synced',
          },
        },
        synced: {
          on: {
            REMOTE_DRAFT: {
              guard: and([not('isEditing'), 'isNewRemote']),
              actions: [
                { type: 'applyServerDraft', params: ({ event }) => ({ text: event.text }) },
                { type: 'persistDraft', params: ({ context }) => ({ topicId: context.topicId, draft: context.draft }) },
              ],
            },
            // Back online: what other tabs saved meanwhile (their DRAFT_CHANGED did not come) is read again.
            CONNECTED: 'refreshing',
          },
        },
        refreshing: {
          invoke: {
            id: 'loadDraft',
            src: 'loadDraft',
            input: ({ context }) => ({ topicId: context.topicId }),
            onDone: {
              target: 'synced',
              actions: raise(({ event }) => ({ type: 'REMOTE_DRAFT' as const, text: event.output.text })),
            },
            onError: 'synced',
          },
        },
        pending: {
          // Another change starts the wait again (re-entering pending only: the region's own `on` targets it without reenter).
          on: {
            DRAFT_TOUCHED: [
              { guard: 'isEditing' },
              { guard: 'matchesSaved', target: 'synced' },
              { guard: 'savesNow', target: 'saving' },
              { target: 'pending', reenter: true },
            ],
            LEAVE: { actions: { type: 'flushDraft', params: ({ context }) => ({ topicId: context.topicId, text: context.draft }) } },
          },
          after: { DRAFT_SAVE_DELAY: 'saving' },
        },
        saving: {
          // A change while a save is on its way: whatever the box holds then is saved after the delay
          // (the server's copy is not known until then, so even the saved text is saved again).
          on: { DRAFT_TOUCHED: [{ guard: 'isEditing' }, { target: 'pending' }] },
          invoke: {
            id: 'saveDraft',
            src: 'saveDraft',
            input: ({ context }) => ({ topicId: context.topicId, text: context.draft }),
            onDone: { target: 'synced', actions: { type: 'setSavedText', params: ({ event }) => ({ text: event.output.text }) } },
            onError: 'failed',
          },
        },
        failed: {
          after: { DRAFT_RETRY: 'saving' },
          on: { LEAVE: { actions: { type: 'flushDraft', params: ({ context }) => ({ topicId: context.topicId, text: context.draft }) } } },
        },
      },
    },
  },
})

export const composerSampleInput: ComposerInput = { topicId: 'topic-1', meId: 'user-1', members: [], canSend: true, draft: '' }

export type ComposerMachine = typeof composerMachine
export type ComposerActor = ActorRefFrom<ComposerMachine>
export type ComposerSnapshot = SnapshotFrom<ComposerMachine>
