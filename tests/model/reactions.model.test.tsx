import { expect } from 'vitest'
import { fireEvent, within } from '@testing-library/react'
import type { Message } from '../../contract/message'
import type { CustomEmoji, MessageReactions, ReactionPeople, ReactionSummary } from '../../contract/reaction'
import { connect, reactionsMachine, type ReactionChange, type ReactionsEvent, type ReactionsSnapshot } from '../../src/machines/reactions'
import {
  QuickReactions,
  ReactionBar,
  ReactionFailedNotice,
  ReactionPickerDialog,
  WhoReactedSheet,
} from '../../src/ui/conversation/reaction-bar'
import { textMessage } from './support/messages'
import { describeModel, type ModelKit } from './support/run-model'

type Kit = ModelKit<typeof reactionsMachine>

const ME = 'u-me'
const ANA = 'u-ana'
const NAMES = new Map([
  [ME, 'Me'],
  [ANA, 'Ana'],
])
const sender = { _id: ANA, name: 'Ana', workid: 'ana', photo_url: null }

/** Two messages as the chat shows them: Ana's 👍 and my ❤️ on the first, Ana's 👍 on the second. */
const BASE: Record<string, ReactionSummary[]> = {
  'm-1': [
    { emoji: '👍', count: 1, user_ids: [ANA], image_url: null },
    { emoji: '❤️', count: 1, user_ids: [ME], image_url: null },
  ],
  'm-2': [{ emoji: '👍', count: 1, user_ids: [ANA], image_url: null }],
}
const MESSAGES: Message[] = ['m-1', 'm-2'].map((id, i) =>
  textMessage({
    _id: id,
    topic_id: 't-1',
    seq: i + 1,
    message: `Message ${i + 1}`,
    sender,
    created_at: '2026-11-28T09:00:00.000Z',
    reactions: BASE[id]!,
  }),
)
const PARTY: CustomEmoji = {
  _id: 'e-1',
  channel_id: 'c-1',
  shortcode: 'party',
  image_url: '/api/media/public/party.png',
  created_at: '2026-11-28T08:00:00.000Z',
}
const WHO: ReactionPeople[] = [
  { emoji: '👍', count: 1, image_url: null, users: [{ _id: ANA, name: 'Ana', photo_url: null }] },
  { emoji: '❤️', count: 1, image_url: null, users: [{ _id: ME, name: 'Me', photo_url: null }] },
]

/**
 * The server's reactions after one change over what the chat shows (written here, not the machine's
 * withMine): mine added at the end or counted in, or taken away.
 */
function serverAfter(change: ReactionChange): ReactionSummary[] {
  const base = BASE[change.messageId]!
  const image = change.emoji === ':party:' ? PARTY.image_url : null
  if (change.add) {
    const there = base.find((r) => r.emoji === change.emoji)
    return there
      ? base.map((r) => (r === there ? { ...r, count: r.count + 1, user_ids: [...r.user_ids, ME] } : r))
      : [...base, { emoji: change.emoji, count: 1, user_ids: [ME], image_url: image }]
  }
  return base.flatMap((r) =>
    r.emoji !== change.emoji ? [r] : r.count > 1 ? [{ ...r, count: r.count - 1, user_ids: r.user_ids.filter((id) => id !== ME) }] : [],
  )
}

const ctx = (s: ReactionsSnapshot) => s.context
const idle = (s: ReactionsSnapshot) => s.matches({ change: 'idle' })
const quiet = (s: ReactionsSnapshot) => s.matches({ picker: 'closed', who: 'closed' }) && !ctx(s).failed
const bar = (kit: Kit, messageId: string) =>
  within(kit.screen.getByTestId(`message-${messageId}`)).queryByRole('group', { name: 'Reactions', hidden: true })
const chipLabel = (r: ReactionSummary) => {
  const mine = r.user_ids.includes(ME)
  return `${r.emoji} ${r.count} ${r.count === 1 ? 'person' : 'people'} reacted${mine ? ', including you' : ''}`
}

function View({ snapshot, send }: { snapshot: ReactionsSnapshot; send: (event: ReactionsEvent) => void }) {
  const props = connect(snapshot, send, { names: NAMES, reactionsOf: (id) => BASE[id] ?? [] })
  return (
    <div>
      {MESSAGES.map((m) => (
        <div key={m._id} data-testid={`message-${m._id}`}>
          <p>{m.message}</p>
          <ReactionBar {...props.bar(m)} />
          <QuickReactions {...props.quick(m)} />
        </div>
      ))}
      <ReactionPickerDialog {...props.picker} />
      <WhoReactedSheet {...props.who} />
      {props.failed ? <ReactionFailedNotice onDismiss={props.onDismissError} /> : null}
    </div>
  )
}

describeModel({
  machine: reactionsMachine,
  input: { topicId: 't-1', meId: ME },
  select: 'coverage',
  spyActions: ['tellAnswer'],
  serializeState: (s) =>
    JSON.stringify({
      value: s.value,
      queue: ctx(s).queue.map((c) => `${c.messageId}${c.emoji}${c.add}`),
      failed: ctx(s).failed,
      customLoaded: ctx(s).customLoaded,
      whoFor: ctx(s).whoFor,
    }),
  events: {
    // A click on Ana's 👍 of the first message (mine comes), on my ❤️ (mine goes); while one is on its way, on the second message's 👍.
    TOGGLE: (s) =>
      !quiet(s)
        ? []
        : idle(s)
          ? [
              { type: 'TOGGLE', messageId: 'm-1', emoji: '👍', current: BASE['m-1'] },
              { type: 'TOGGLE', messageId: 'm-1', emoji: '❤️', current: BASE['m-1'] },
            ]
          : ctx(s).queue.length === 1
            ? [{ type: 'TOGGLE', messageId: 'm-2', emoji: '👍', current: BASE['m-2'] }]
            : [],
    // A quick reaction (🎉), or the picker's custom emoji.
    REACT: (s) =>
      s.matches({ picker: 'open' })
        ? ctx(s).customLoaded && ctx(s).custom.length
          ? [{ type: 'REACT', messageId: 'm-1', emoji: ':party:', current: BASE['m-1'] }]
          : []
        : quiet(s) && idle(s)
          ? [{ type: 'REACT', messageId: 'm-1', emoji: '🎉', current: BASE['m-1'] }]
          : quiet(s) && ctx(s).queue.length === 1
            ? [{ type: 'REACT', messageId: 'm-2', emoji: '🎉', current: BASE['m-2'] }]
            : [],
    'xstate.done.actor.sendChange': (s) => [{ type: 'xstate.done.actor.sendChange', output: answerOf(ctx(s).queue[0]!) }],
    'xstate.error.actor.sendChange': (s) =>
      ctx(s).queue.length === 1 ? [{ type: 'xstate.error.actor.sendChange', error: new Error('403') }] : [],
    DISMISS_ERROR: (s) => (ctx(s).failed && idle(s) ? [{ type: 'DISMISS_ERROR' }] : []),
    OPEN_PICKER: (s) => (quiet(s) && idle(s) ? [{ type: 'OPEN_PICKER', messageId: 'm-1' }] : []),
    'xstate.done.actor.loadCustom': [{ type: 'xstate.done.actor.loadCustom', output: [PARTY] }],
    'xstate.error.actor.loadCustom': [{ type: 'xstate.error.actor.loadCustom', error: new Error('down') }],
    CLOSE_PICKER: [{ type: 'CLOSE_PICKER' }],
    // An admin added or deleted one of the channel's custom emoji (once the picker has read them, or while it reads).
    CUSTOM_CHANGED: (s) =>
      idle(s) && !ctx(s).failed && s.matches({ who: 'closed' }) && (ctx(s).customLoaded || !s.matches({ picker: 'closed' }))
        ? [{ type: 'CUSTOM_CHANGED' }]
        : [],
    SHOW_WHO: (s) => (quiet(s) && idle(s) ? [{ type: 'SHOW_WHO', messageId: 'm-1' }] : []),
    'xstate.done.actor.loadWho': [{ type: 'xstate.done.actor.loadWho', output: WHO }],
    'xstate.error.actor.loadWho': [{ type: 'xstate.error.actor.loadWho', error: new Error('down') }],
    SOCKET_REACTED: [
      { type: 'SOCKET_REACTED', message_id: 'm-1', topic_id: 't-1', reactions: BASE['m-1'] },
      { type: 'SOCKET_REACTED', message_id: 'm-2', topic_id: 't-1', reactions: BASE['m-2'] },
    ],
    CLOSE_WHO: [{ type: 'CLOSE_WHO' }],
  },
  render: (snapshot, send) => <View snapshot={snapshot} send={send} />,
  perform: {
    TOGGLE: async (event, kit) => {
      const r = BASE[event.messageId as string]!.find((x) => x.emoji === event.emoji)!
      await kit.user.click(within(bar(kit, event.messageId as string)!).getByRole('button', { name: chipLabel(r) }))
    },
    REACT: async (event, kit) => {
      if (event.emoji === ':party:') {
        const dialog = kit.screen.getByRole('dialog', { name: 'Add reaction' })
        await kit.user.click(await within(dialog).findByRole('button', { name: 'React with :party:' }))
      } else {
        const group = within(kit.screen.getByTestId(`message-${event.messageId as string}`)).getByRole('group', { name: 'Quick reactions' })
        await kit.user.click(within(group).getByRole('button', { name: `React with ${event.emoji as string}` }))
      }
    },
    'xstate.done.actor.sendChange': async (event, kit) => {
      const before = kit.actions.tellAnswer!.mock.calls.length
      await kit.resolve('sendChange', event.output)
      // Not from the machine: the server's answer goes to the conversation as it came.
      expect(kit.actions.tellAnswer!.mock.calls.slice(before).map(([, params]) => params)).toEqual([{ answer: event.output }])
    },
    DISMISS_ERROR: async (_, kit) => kit.user.click(kit.screen.getByRole('button', { name: 'Dismiss' })),
    OPEN_PICKER: async (_, kit) => kit.user.click(within(bar(kit, 'm-1')!).getByRole('button', { name: 'Add reaction' })),
    CLOSE_PICKER: async (_, kit) =>
      kit.user.click(within(kit.screen.getByRole('dialog', { name: 'Add reaction' })).getAllByRole('button', { name: 'Close' })[0]!),
    SHOW_WHO: async (_, kit) => {
      // A long press by touch on Ana's 👍.
      const chip = within(bar(kit, 'm-1')!).getByRole('button', { name: chipLabel(BASE['m-1']![0]!) })
      fireEvent.pointerDown(chip, { pointerType: 'touch', clientX: 5, clientY: 5 })
      await kit.advance(500)
      fireEvent.pointerUp(chip, { pointerType: 'touch' })
    },
    CUSTOM_CHANGED: async (_, kit) => {
      const calls = kit.calls.filter((c) => c.src === 'loadCustom').length
      await kit.send({ type: 'CUSTOM_CHANGED' })
      // An open or loading picker reads them again at once; a closed one waits for its next opening.
      expect(kit.calls.filter((c) => c.src === 'loadCustom').length - calls).toBe(kit.previous.matches({ picker: 'closed' }) ? 0 : 1)
    },
    CLOSE_WHO: async (_, kit) =>
      kit.user.click(within(kit.screen.getByRole('dialog', { name: 'Reactions' })).getByRole('button', { name: 'Close' })),
  },
  states: {
    '*': (expected, kit) => {
      // Not from the machine: each message shows what the chat has, with each queued change of mine applied over it.
      for (const id of ['m-1', 'm-2']) {
        const change = ctx(expected).queue.find((c) => c.messageId === id)
        const shown = change ? serverAfter(change) : BASE[id]!
        // (hidden: a dialog over the chat leaves it inert.)
        const chips = within(bar(kit, id)!).getAllByRole('button', { name: /reacted/, hidden: true })
        expect(chips.map((c) => c.getAttribute('aria-label'))).toEqual(shown.map(chipLabel))
        expect(chips.map((c) => c.getAttribute('aria-pressed'))).toEqual(shown.map((r) => String(r.user_ids.includes(ME))))
      }
      // Names on hover and focus: the first message's 👍 says who.
      expect(kit.screen.getAllByRole('tooltip', { hidden: true })[0]!.textContent).toMatch(/^(Ana|Ana, Me) reacted with 👍$/)
      expect(kit.screen.queryByText('Your reaction was not saved.') !== null).toBe(ctx(expected).failed)
    },
    'change.idle': (_, kit) => {
      expect(kit.calls.filter((c) => c.src === 'sendChange' && !c.settled)).toEqual([])
    },
    'change.sending': (expected, kit) => {
      expect(kit.pending('sendChange').input).toEqual(ctx(expected).queue[0])
    },
    'picker.closed': (_, kit) => {
      expect(kit.screen.queryByRole('dialog', { name: 'Add reaction' })).toBeNull()
    },
    'picker.loading': (_, kit) => {
      expect(kit.screen.getByRole('dialog', { name: 'Add reaction' })).toBeTruthy()
      expect(kit.pending('loadCustom').input).toEqual({ topicId: 't-1' })
    },
    'picker.open': async (expected, kit) => {
      const dialog = kit.screen.getByRole('dialog', { name: 'Add reaction' })
      if (ctx(expected).custom.length) expect(await within(dialog).findByRole('button', { name: 'React with :party:' })).toBeTruthy()
      else expect(within(dialog).queryByRole('button', { name: 'React with :party:' })).toBeNull()
    },
    'who.closed': (_, kit) => {
      expect(kit.screen.queryByRole('dialog', { name: 'Reactions' })).toBeNull()
    },
    'who.loading': (_, kit) => {
      expect(within(kit.screen.getByRole('dialog', { name: 'Reactions' })).getByRole('status').textContent).toBe('Loading…')
      expect(kit.pending('loadWho').input).toEqual({ messageId: 'm-1' })
    },
    'who.shown': (_, kit) => {
      const items = within(kit.screen.getByRole('dialog', { name: 'Reactions' })).getAllByRole('listitem')
      expect(items.map((li) => li.textContent)).toEqual(['👍1Ana', '❤️1Me'])
    },
    'who.failed': (_, kit) => {
      expect(within(kit.screen.getByRole('dialog', { name: 'Reactions' })).getByRole('alert').textContent).toBe(
        'Could not load who reacted.',
      )
    },
  },
})

/** The server's answer to a change (its reactions after it). */
function answerOf(change: ReactionChange): MessageReactions {
  return { message_id: change.messageId, topic_id: 't-1', reactions: serverAfter(change) }
}
