import { expect } from 'vitest'
import { within } from '@testing-library/react'
import { connect, savedMarksMachine } from '../../src/machines/saved-marks'
import { MessageActionsSheet } from '../../src/ui/conversation/message-actions'
import { SavedNote } from '../../src/ui/saved/saved-note'
import { textMessage } from './support/messages'
import { routed } from './support/routed'
import { describeModel, type ModelKit } from './support/run-model'

/**
 * An open chat's saved marks: a message's actions say "Save" or "Remove from saved" as the user's
 * saved messages of the chat say, and the change shows "Message saved." (with View saved) or
 * "Removed from saved.", or the server's reason.
 */

type Kit = ModelKit<typeof savedMarksMachine>

const MESSAGE = textMessage({
  _id: 'm-7',
  topic_id: 't-1',
  seq: 7,
  message: 'Keep this one',
  sender: { _id: 'u-2', name: 'Lan', workid: 'lan', photo_url: null },
  created_at: '2026-03-01T09:00:00.000Z',
})
const noop = () => {}
const view = routed(savedMarksMachine, (snapshot, send) => {
  const marks = connect(snapshot, send)
  return (
    <>
      <SavedNote {...marks} />
      <MessageActionsSheet
        message={MESSAGE}
        mine={false}
        may={{ pin: false, delete: () => false }}
        actions={{
          onReply: noop,
          onEdit: noop,
          onDelete: noop,
          onPin: noop,
          onForward: noop,
          onToggleSaved: (m) => marks.onToggle(m._id),
          isSaved: marks.isSaved,
        }}
        onClose={noop}
      />
    </>
  )
})
const sheet = (kit: Kit) => kit.screen.getByRole('dialog', { name: 'Message from Lan' })

describeModel({
  machine: savedMarksMachine,
  input: { topicId: 't-1' },
  serializeState: (s) => JSON.stringify({ v: s.value, ids: s.context.ids, t: s.context.toggling, d: s.context.done, e: s.context.error }),
  events: {
    'xstate.done.actor.loadMarks': [
      { type: 'xstate.done.actor.loadMarks', output: ['m-7', 'm-3'] },
      { type: 'xstate.done.actor.loadMarks', output: [] },
    ],
    'xstate.error.actor.loadMarks': [{ type: 'xstate.error.actor.loadMarks', error: new Error('Not found') }],
    'xstate.done.actor.toggleSaved': [{ type: 'xstate.done.actor.toggleSaved', output: {} }],
    'xstate.error.actor.toggleSaved': [
      { type: 'xstate.error.actor.toggleSaved', error: new Error('You can keep at most 1000 saved messages.') },
    ],
    TOGGLE: [{ type: 'TOGGLE', messageId: 'm-7' }],
    DISMISS: (s) => (s.context.done || s.context.error ? [{ type: 'DISMISS' }] : []),
  },
  render: view.render,
  ready: view.ready,
  perform: {
    'xstate.done.actor.loadMarks': async (event, kit) => {
      expect(kit.pending('loadMarks').input).toEqual({ topicId: 't-1' })
      await kit.resolve('loadMarks', (event as unknown as { output: string[] }).output)
    },
    'xstate.error.actor.loadMarks': async (_, kit) => {
      await kit.reject('loadMarks', new Error('Not found'))
    },
    TOGGLE: async (_, kit) => {
      const saved = kit.previous.context.ids.includes('m-7')
      await kit.user.click(within(sheet(kit)).getByRole('button', { name: saved ? 'Remove from saved' : 'Save' }))
      expect(kit.pending('toggleSaved').input).toEqual({ messageId: 'm-7', save: !saved })
    },
    'xstate.done.actor.toggleSaved': async (_, kit) => {
      await kit.resolve('toggleSaved', {})
    },
    'xstate.error.actor.toggleSaved': async (_, kit) => {
      await kit.reject('toggleSaved', new Error('You can keep at most 1000 saved messages.'))
    },
    DISMISS: async (_, kit) => {
      await kit.user.click(kit.screen.getByRole('button', { name: 'Dismiss' }))
    },
  },
  states: {
    '*': (expected, kit) => {
      // The message's actions name what the choice does now.
      const saved = expected.context.ids.includes('m-7')
      expect(within(sheet(kit)).queryByRole('button', { name: saved ? 'Remove from saved' : 'Save' })).not.toBeNull()
      expect(within(sheet(kit)).queryByRole('button', { name: saved ? 'Save' : 'Remove from saved' })).toBeNull()
      const { done, error } = expected.context
      if (error) expect(kit.screen.getByRole('alert').textContent).toBe(`${error}×`)
      else if (done === 'saved') {
        expect(kit.screen.getByRole('status').textContent).toContain('Message saved.')
        expect(kit.screen.getByRole('link', { name: 'View saved' }).getAttribute('href')).toBe('/chat/saved')
      } else if (done === 'removed') expect(kit.screen.getByRole('status').textContent).toContain('Removed from saved.')
      else expect(kit.screen.queryByRole('button', { name: 'Dismiss' })).toBeNull()
    },
    loading: () => {},
    ready: () => {},
    toggling: (expected, kit) => {
      expect(kit.pending('toggleSaved').input).toEqual(expected.context.toggling)
    },
  },
})
