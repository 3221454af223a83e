import { expect } from 'vitest'
import { within } from '@testing-library/react'
import type { Topic } from '../../contract/topic'
import { connect, newGroupMachine, type NewGroupEmitted, type NewGroupSnapshot } from '../../src/machines/new-group'
import { NewGroupDialog } from '../../src/ui/topic-list/new-group-dialog'
import { describeModel, type ModelKit } from './support/run-model'
import { topicFixture } from './support/topics'

type Kit = ModelKit<typeof newGroupMachine>

const ME = 'u-me'
const CHANNEL = 'ch-1'
const MEMBERS = [
  { _id: ME, name: 'Me Myself' },
  { _id: 'u-lan', name: 'Lan Tran' },
  { _id: 'u-bao', name: 'Bao Le' },
]
const created = (name: string, members: number): Topic =>
  topicFixture({
    _id: 'topic-new',
    name,
    channel_id: CHANNEL,
    admin: ME,
    role: 40,
    members_count: members + 1,
    created_at: '2026-03-01T08:00:00.000Z',
  })

const ctx = (s: NewGroupSnapshot) => s.context
const dialog = ({ screen }: Kit) => screen.getByRole('dialog')
const nameBox = (kit: Kit) => within(dialog(kit)).getByRole<HTMLInputElement>('textbox', { name: 'Group name' })
const createButton = (kit: Kit) => within(dialog(kit)).getByRole<HTMLButtonElement>('button', { name: 'Create group' })

describeModel({
  machine: newGroupMachine,
  input: { meId: ME },
  serializeState: (s) =>
    JSON.stringify({ value: s.value, name: ctx(s).name, chosen: ctx(s).chosen, candidates: ctx(s).candidates.length, error: ctx(s).error }),
  events: {
    OPEN: [{ type: 'OPEN', channelId: CHANNEL }],
    NAME: (s) => (ctx(s).name === '' ? [{ type: 'NAME', name: '  Launch team ' }] : ctx(s).name.trim() ? [{ type: 'NAME', name: '' }] : []),
    // Picked, then unpicked.
    TOGGLE_MEMBER: (s) => (ctx(s).candidates.length ? [{ type: 'TOGGLE_MEMBER', memberId: 'u-lan' }] : []),
    'xstate.done.actor.loadMembers': [
      { type: 'xstate.done.actor.loadMembers', output: MEMBERS },
      { type: 'xstate.done.actor.loadMembers', output: [MEMBERS[0]] },
    ],
    'xstate.done.actor.createGroup': (s) => [
      { type: 'xstate.done.actor.createGroup', output: created(ctx(s).name.trim(), ctx(s).chosen.length) },
    ],
    'xstate.error.actor.createGroup': [
      // what the runtime (failingWithMessage) rejects with: the server's reason, or the general message
      { type: 'xstate.error.actor.createGroup', error: 'A group with this name exists' },
      { type: 'xstate.error.actor.createGroup', error: 'Something went wrong. Please try again.' },
    ],
  },
  // The layout's button opens it; the dialog is the view of connect's props.
  render: (snapshot, send) => {
    const props = connect(snapshot, send)
    return (
      <>
        <button type="button" onClick={() => props.onOpen(CHANNEL)}>
          New group
        </button>
        <NewGroupDialog {...props} />
      </>
    )
  },
  perform: {
    OPEN: async (_, kit) => {
      await kit.user.click(kit.screen.getByRole('button', { name: 'New group' }))
    },
    CLOSE: async (_, kit) => {
      await kit.user.click(within(dialog(kit)).getByRole('button', { name: 'Cancel' }))
    },
    NAME: async (event, kit) => {
      await kit.user.clear(nameBox(kit))
      if (event.name) await kit.user.type(nameBox(kit), event.name as string)
    },
    TOGGLE_MEMBER: async (_, kit) => {
      await kit.user.click(within(dialog(kit)).getByRole('checkbox', { name: 'Lan Tran' }))
    },
    SUBMIT: async (_, kit) => {
      await kit.user.click(createButton(kit))
    },
    'xstate.done.actor.createGroup': async (event, kit) => {
      const seen: NewGroupEmitted[] = []
      const subscription = kit.actor.on('created', (e) => seen.push(e))
      await kit.resolve('createGroup', event.output)
      subscription.unsubscribe()
      // The new group goes to the list, which opens it.
      expect(seen).toEqual([{ type: 'created', topic: event.output }])
    },
  },
  states: {
    closed: (_, kit) => {
      expect(kit.screen.queryByRole('dialog')).toBeNull()
    },
    'open.loadingMembers': (expected, kit) => {
      expect(within(dialog(kit)).getByRole('status').textContent).toBe('Loading channel members…')
      expect(kit.pending('loadMembers').input).toEqual({ channelId: CHANNEL })
      expect(createButton(kit).disabled).toBe(ctx(expected).name.trim() === '')
    },
    'open.editing': (expected, kit) => {
      const c = ctx(expected)
      expect(nameBox(kit).value).toBe(c.name)
      expect(nameBox(kit).disabled).toBe(false)
      // The user is never offered: only the others loaded, each once.
      const offered = within(dialog(kit))
        .queryAllByRole('checkbox')
        .map((box) => box.closest('label')!.textContent)
      expect(offered).toEqual(c.candidates.length ? ['Lan Tran', 'Bao Le'] : [])
      if (!c.candidates.length) expect(within(dialog(kit)).getByText('Everyone in the channel is already here.')).toBeTruthy()
      for (const id of c.chosen)
        expect(within(dialog(kit)).getByRole<HTMLInputElement>('checkbox', { name: MEMBERS.find((m) => m._id === id)!.name }).checked).toBe(
          true,
        )
      expect(createButton(kit).disabled).toBe(c.name.trim() === '')
      if (c.error) expect(within(dialog(kit)).getByRole('alert').textContent).toBe(c.error)
      else expect(within(dialog(kit)).queryByRole('alert')).toBeNull()
    },
    'open.creating': (expected, kit) => {
      expect(kit.pending('createGroup').input).toEqual({ channel_id: CHANNEL, name: 'Launch team', customer_ids: ctx(expected).chosen })
      expect(createButton(kit).disabled).toBe(true)
      expect(createButton(kit).getAttribute('aria-busy')).toBe('true')
      expect(nameBox(kit).disabled).toBe(true)
    },
  },
})
