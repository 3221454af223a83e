import { expect } from 'vitest'
import { within } from '@testing-library/react'
import type { MessageVersion } from '../../contract/message'
import { connect, editHistoryMachine } from '../../src/machines/edit-history'
import { EditHistoryDialog } from '../../src/ui/conversation/edit-history-dialog'
import { MessageRow } from '../../src/ui/conversation/message-row'
import { textMessage } from './support/messages'
import { describeModel, type ModelKit } from './support/run-model'

type Kit = ModelKit<typeof editHistoryMachine>

/**
 * The edit history dialog, as a reader opens it from an edited message's "(edited)" in the chat
 * (the real message row): its texts oldest first with their times, the current one last; a failed
 * read says why and tries again; Close closes it whatever it shows.
 */
const LAN = { _id: 'u-lan', name: 'Lan', workid: 'lan', photo_url: null }
const EDITED = textMessage({
  _id: 'm-7',
  topic_id: 'topic-1',
  seq: 7,
  message: 'Meet at 11:30 in room B',
  sender: LAN,
  created_at: '2026-03-01T08:00:00.000Z',
  edited_at: '2026-03-01T08:20:00.000Z',
})
const VERSIONS: MessageVersion[] = [
  { type: 'text', message: 'Meet at 10', written_at: '2026-03-01T08:00:00.000Z', replaced_at: '2026-03-01T08:05:00.000Z' },
  { type: 'text', message: 'Meet at 11', written_at: '2026-03-01T08:05:00.000Z', replaced_at: '2026-03-01T08:20:00.000Z' },
  { type: 'text', message: 'Meet at 11:30 in room B', written_at: '2026-03-01T08:20:00.000Z', replaced_at: null },
]
/** A deleted message's history is empty. */
const NONE: MessageVersion[] = []
/** The local hour and minute of an ISO time, worked out without the view's date library. */
const clock = (iso: string) => {
  const d = new Date(iso)
  return `${String(d.getHours()).padStart(2, '0')}:${String(d.getMinutes()).padStart(2, '0')}`
}
const noop = () => undefined

const dialog = ({ screen }: Kit) => screen.queryByRole('dialog', { name: 'Edit history of Lan’s message' })

describeModel({
  machine: editHistoryMachine,
  input: undefined,
  events: {
    OPEN: [{ type: 'OPEN', message: { _id: EDITED._id, sender: LAN } }],
    'xstate.done.actor.loadHistory': [
      { type: 'xstate.done.actor.loadHistory', output: VERSIONS },
      { type: 'xstate.done.actor.loadHistory', output: NONE },
    ],
    'xstate.error.actor.loadHistory': [{ type: 'xstate.error.actor.loadHistory', error: new Error('You are not a member of this chat') }],
  },
  serializeState: (s) => JSON.stringify({ value: s.value, versions: s.context.versions.length, error: s.context.error }),
  render: (snapshot, send) => {
    const history = connect(snapshot, send)
    return (
      <>
        <MessageRow
          message={EDITED}
          mine={false}
          may={{ pin: true, delete: () => false }}
          actions={{ onReply: noop, onEdit: noop, onDelete: noop, onPin: noop, onForward: noop, onHistory: history.onOpen }}
          onOpenSheet={noop}
        />
        <EditHistoryDialog {...history} />
      </>
    )
  },
  perform: {
    OPEN: async (_, kit) => {
      await kit.user.click(kit.screen.getByRole('button', { name: '(edited) Show the edit history' }))
    },
    'xstate.done.actor.loadHistory': async (event, kit) => {
      expect(kit.pending('loadHistory').input).toEqual({ messageId: 'm-7' })
      await kit.resolve('loadHistory', (event as unknown as { output: MessageVersion[] }).output)
    },
    'xstate.error.actor.loadHistory': async (_, kit) => {
      await kit.reject('loadHistory', new Error('You are not a member of this chat'))
    },
    RETRY: async (_, kit) => {
      await kit.user.click(kit.screen.getByRole('button', { name: 'Try again' }))
    },
    CLOSE: async (_, kit) => {
      await kit.user.click(kit.screen.getByRole('button', { name: 'Close' }))
    },
  },
  states: {
    closed: (_, kit) => {
      expect(dialog(kit)).toBeNull()
    },
    loading: (_, kit) => {
      expect(kit.pending('loadHistory').input).toEqual({ messageId: 'm-7' })
      expect(within(dialog(kit)!).getByRole('status').textContent).toBe('Loading the history…')
    },
    shown: (expected, kit) => {
      const panel = within(dialog(kit)!)
      if (expected.context.versions.length === 0) {
        expect(panel.getByText('This message was deleted: its history went with it.')).toBeTruthy()
        return
      }
      const items = panel.getAllByRole('listitem')
      expect(items.map((li) => li.querySelector('span')!.textContent)).toEqual(['Original', 'Edit 1', 'Current'])
      const times = items.map((li) => li.querySelector('time')!)
      expect(times.map((t) => t.getAttribute('datetime'))).toEqual(VERSIONS.map((v) => v.written_at))
      times.forEach((t, i) => expect(t.textContent).toContain(clock(VERSIONS[i]!.written_at)))
      expect(items.map((li) => li.lastElementChild!.textContent)).toEqual(['Meet at 10', 'Meet at 11', 'Meet at 11:30 in room B'])
    },
    failed: (_, kit) => {
      expect(within(dialog(kit)!).getByRole('alert').textContent).toContain('You are not a member of this chat')
    },
  },
})
