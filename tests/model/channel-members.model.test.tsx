import { expect } from 'vitest'
import { fireEvent, within } from '@testing-library/react'
import type { Label, Member } from '../../contract/channel'
import { ROLES } from '../../contract/limits'
import { channelMembersMachine, connect, type ChannelMembersSnapshot } from '../../src/machines/channel-members'
import { ChannelMembers } from '../../src/ui/channel/channel-members'
import { memberFixture } from './support/members'
import { listChild, listReports, playReport } from './support/paged-list'
import { describeModel, type ModelKit } from './support/run-model'

/**
 * A channel's members and labels on its page, as a member and as its owner see them. The members
 * come from their paged list (stubbed here: the test plays its reports).
 */

type Kit = ModelKit<typeof channelMembersMachine>
type S = ChannelMembersSnapshot

const OWNER = memberFixture('u-owner', 'Quynh Owner', ROLES.owner)
const ADMIN = memberFixture('u-admin', 'Lan Admin', ROLES.admin)
const SON = memberFixture('u-son', 'Son Member', ROLES.member)
/** A full first page (20): there may be more. */
const FIRST_PAGE = [
  OWNER,
  ADMIN,
  SON,
  ...Array.from({ length: 17 }, (_, i) => memberFixture(`u-${i + 1}`, `Person ${i + 1}`, ROLES.member)),
]
/** The second page repeats a member of the first (someone joined in between). */
const SECOND_PAGE = [
  memberFixture('u-17', 'Person 17', ROLES.member),
  memberFixture('u-21', 'Person 21', ROLES.member),
  memberFixture('u-22', 'Person 22', ROLES.member),
]
const SALES: Label = { _id: 'l-sales', channel_id: 'ch-1', name: 'Sales', color: '#16a34a' }
const NEW_LABEL = 'Support'
const NEW_COLOR = '#dc2626'

const sectionOf = (kit: Kit) => kit.screen.getByRole('region', { name: 'Members' })
const roleSelect = (kit: Kit, name: string) => kit.screen.getByRole<HTMLSelectElement>('combobox', { name: `Role of ${name}` })
const failedAlert = (kit: Kit, text: string) => kit.screen.getAllByRole('alert').find((alert) => alert.textContent?.startsWith(text))!
/** What the test told the server, per run: the oracle for what the page shows. */
interface Told {
  /** The second page of members came. */
  secondPage: boolean
  added: Label[]
  deleted: string[]
  sonRole: number
  /** Members the server removed. */
  removed: string[]
}
const told = new WeakMap<object, Told>()
const toldOf = (kit: Kit) => {
  if (!told.has(kit.actor)) told.set(kit.actor, { secondPage: false, added: [], deleted: [], sonRole: SON.role, removed: [] })
  return told.get(kit.actor)!
}
const manages = (s: S) => s.context.myRole >= ROLES.admin
const son = (s: S) => s.context.list.items.find((m) => m._id === SON._id)
/** The members show, no page on its way: their rows can be acted on. */
const listIdle = (s: S) => s.context.list.state === 'idle'
const listShown = (s: S) => ['idle', 'loadingMore'].includes(s.context.list.state)
/**
 * Who may remove whom, as the product says it (docs/product-rules.md): the owner anyone else, an
 * admin members only, a member no one; nobody removes themselves. The oracle of the Remove buttons.
 */
const removableBy = (s: S, m: Member) =>
  m._id !== s.context.meId &&
  m.role !== ROLES.owner &&
  (s.context.myRole === ROLES.owner || (s.context.myRole === ROLES.admin && m.role === ROLES.member))
const removeButton = (kit: Kit, name: string) =>
  kit.screen.queryByRole<HTMLButtonElement>('button', { name: `Remove ${name} from the channel` })
const confirmation = (kit: Kit, name: string) => kit.screen.getByRole('group', { name })

describeModel({
  machine: channelMembersMachine,
  inputs: {
    owner: { channelId: 'ch-1', myRole: ROLES.owner, meId: OWNER._id },
    member: { channelId: 'ch-1', myRole: ROLES.member, meId: SON._id },
  },
  select: 'coverage',
  serializeState: (s) =>
    JSON.stringify({
      v: s.value,
      r: s.context.myRole,
      list: s.context.list.state,
      n: s.context.list.items.length,
      more: s.context.list.more,
      lerr: s.context.list.error,
      son: son(s)?.role ?? null,
      ch: s.context.changing,
      rm: s.context.removing?._id ?? null,
      me: s.context.membersError,
      l: s.context.labels.map((l) => l._id),
      name: s.context.labelName,
      color: s.context.labelColor,
      d: s.context.deleting,
      le: s.context.labelsError,
    }),
  events: {
    LIST: (s) => listReports(s.context.list, { first: [FIRST_PAGE], next: SECOND_PAGE, failure: 'The next members were refused.' }),
    'xstate.done.actor.changeRole': (s) =>
      s.context.changing ? [{ type: 'xstate.done.actor.changeRole', output: { ...son(s)!, role: s.context.changing.role } }] : [],
    'xstate.done.actor.loadLabels': [{ type: 'xstate.done.actor.loadLabels', output: [SALES] }],
    'xstate.done.actor.addLabel': (s) => [
      {
        type: 'xstate.done.actor.addLabel',
        output: { _id: 'l-new', channel_id: 'ch-1', name: s.context.labelName.trim(), color: s.context.labelColor },
      },
    ],
    ...Object.fromEntries(
      ['changeRole', 'removeMember', 'leaveChannel', 'loadLabels', 'addLabel', 'deleteLabel'].map((id) => [
        `xstate.error.actor.${id}`,
        [{ type: `xstate.error.actor.${id}`, error: new Error(`${id} was refused.`) }],
      ]),
    ),
    // The owner makes Son an admin, or a member again.
    CHANGE_ROLE: (s) =>
      manages(s) && son(s) && listIdle(s)
        ? [{ type: 'CHANGE_ROLE', memberId: SON._id, role: son(s)!.role === ROLES.member ? ROLES.admin : ROLES.member }]
        : [],
    // The owner or an admin removes Son, when the product lets them (an admin cannot once Son is an admin).
    REMOVE: (s) => (son(s) && listIdle(s) && removableBy(s, son(s)!) ? [{ type: 'REMOVE', memberId: SON._id }] : []),
    LEAVE: (s) => (s.context.myRole !== ROLES.owner && listIdle(s) ? [{ type: 'LEAVE' }] : []),
    LOAD_MORE: (s) => (s.context.list.more && listIdle(s) ? [{ type: 'LOAD_MORE' }] : []),
    RETRY_MEMBERS: (s) => (s.context.list.state === 'failed' ? [{ type: 'RETRY_MEMBERS' }] : []),
    LABEL_NAME_CHANGED: (s) =>
      manages(s) && s.context.labelName === '' && !s.context.labels.some((l) => l._id === 'l-new')
        ? [{ type: 'LABEL_NAME_CHANGED', name: NEW_LABEL }]
        : [],
    LABEL_COLOR_CHANGED: (s) =>
      manages(s) && s.context.labelColor !== NEW_COLOR ? [{ type: 'LABEL_COLOR_CHANGED', color: NEW_COLOR }] : [],
    ADD_LABEL: (s) => (manages(s) ? [{ type: 'ADD_LABEL' }] : []),
    DELETE_LABEL: (s) => (manages(s) ? s.context.labels.map((l) => ({ type: 'DELETE_LABEL', labelId: l._id })) : []),
  },
  render: (snapshot, send) => <ChannelMembers {...connect(snapshot, send)} />,
  spyActions: ['leftChannel'],
  callbackActors: ['list'],
  perform: {
    LIST: async (event, kit) => {
      const next = (event as unknown as { list: S['context']['list'] }).list
      await playReport(event, kit)
      if (kit.previous.context.list.state === 'loadingMore' && next.error === null) toldOf(kit).secondPage = true
    },
    REMOVE: async (_, kit) => {
      await kit.user.click(removeButton(kit, SON.name)!)
    },
    LEAVE: async (_, kit) => {
      await kit.user.click(kit.screen.getByRole('button', { name: 'Leave channel' }))
    },
    CONFIRM: async (_, kit) => {
      const leaving = kit.previous.matches({ members: { open: 'confirmingLeave' } })
      const group = confirmation(kit, leaving ? 'Confirm leaving the channel' : `Confirm removing ${SON.name} from the channel`)
      await kit.user.click(within(group).getByRole('button', { name: leaving ? 'Yes, leave' : 'Yes, remove' }))
    },
    CANCEL: async (_, kit) => {
      const leaving = kit.previous.matches({ members: { open: 'confirmingLeave' } })
      const group = confirmation(kit, leaving ? 'Confirm leaving the channel' : `Confirm removing ${SON.name} from the channel`)
      await kit.user.click(within(group).getByRole('button', { name: 'Cancel' }))
    },
    'xstate.done.actor.removeMember': async (_, kit) => {
      const { customer_id } = kit.pending('removeMember').input as { customer_id: string }
      await kit.resolve('removeMember', {})
      toldOf(kit).removed.push(customer_id)
      // Gone from the list at once, and the list is told.
      expect(listChild(kit).received.at(-1)).toEqual({ type: 'REMOVE', id: customer_id })
    },
    CHANGE_ROLE: async (event, kit) => {
      const { role } = event as unknown as { role: number }
      await kit.user.selectOptions(roleSelect(kit, SON.name), role === ROLES.admin ? 'Admin' : 'Member')
    },
    LOAD_MORE: async (_, kit) => {
      await kit.user.click(kit.screen.getByRole('button', { name: 'Load more' }))
      expect(listChild(kit).received.at(-1)).toEqual({ type: 'LOAD_MORE' })
    },
    RETRY_MEMBERS: async (_, kit) => {
      await kit.user.click(within(failedAlert(kit, 'Could not load the channel members.')).getByRole('button', { name: 'Retry' }))
      expect(listChild(kit).received.at(-1)).toEqual({ type: 'RETRY' })
    },
    RETRY_LABELS: async (_, kit) => {
      await kit.user.click(within(failedAlert(kit, 'Could not load the labels.')).getByRole('button', { name: 'Retry' }))
    },
    LABEL_NAME_CHANGED: async (event, kit) => {
      await kit.user.type(kit.screen.getByRole('textbox', { name: 'New label' }), (event as unknown as { name: string }).name)
    },
    LABEL_COLOR_CHANGED: async (event, kit) => {
      fireEvent.change(kit.screen.getByLabelText('Colour'), { target: { value: (event as unknown as { color: string }).color } })
    },
    ADD_LABEL: async (_, kit) => {
      const button = kit.screen.getByRole<HTMLButtonElement>('button', { name: 'Add label' })
      // Nothing to add without a name (or while one is being added).
      expect(button.disabled).toBe(kit.previous.context.labelName.trim() === '' || !kit.previous.matches({ labels: { ready: 'idle' } }))
      await kit.user.click(button)
    },
    'xstate.done.actor.addLabel': async (event, kit) => {
      const label = (event as unknown as { output: Label }).output
      await kit.resolve('addLabel', label)
      toldOf(kit).added.push(label)
    },
    'xstate.done.actor.deleteLabel': async (_, kit) => {
      const { labelId } = kit.pending('deleteLabel').input as { labelId: string }
      await kit.resolve('deleteLabel', {})
      toldOf(kit).deleted.push(labelId)
    },
    'xstate.done.actor.changeRole': async (event, kit) => {
      const saved = (event as unknown as { output: Member }).output
      await kit.resolve('changeRole', saved)
      toldOf(kit).sonRole = saved.role
      expect(listChild(kit).received.at(-1)).toEqual({ type: 'REPLACE', item: saved })
    },
    DELETE_LABEL: async (event, kit) => {
      const label = kit.previous.context.labels.find((l) => l._id === (event as unknown as { labelId: string }).labelId)!
      await kit.user.click(kit.screen.getByRole('button', { name: `Delete label ${label.name}` }))
    },
  },
  states: {
    '*': (_, kit) => {
      expect(sectionOf(kit)).toBeTruthy()
    },
    'members.open': (expected, kit) => {
      // The channel's members, 20 a page: GET channel/page.
      expect(listChild(kit).input).toEqual({ query: { channelId: 'ch-1' } })
      const { state } = expected.context.list
      if (state === 'loading') {
        expect(within(sectionOf(kit)).getByText('Loading channel members…')).toBeTruthy()
        expect(kit.screen.queryByRole('list', { name: 'Channel members' })).toBeNull()
      }
      if (state === 'failed') {
        expect(failedAlert(kit, 'Could not load the channel members.')).toBeTruthy()
        expect(kit.screen.queryByRole('list', { name: 'Channel members' })).toBeNull()
      }
      if (state === 'loadingMore') expect(kit.screen.getByRole<HTMLButtonElement>('button', { name: 'Load more' }).disabled).toBe(true)
    },
    members: (expected, kit) => {
      if (!listShown(expected)) return
      const rows = within(kit.screen.getByRole('list', { name: 'Channel members' })).getAllByRole('listitem')
      const ids = rows.map((row) => row.getAttribute('aria-label'))
      // Each member once, however the pages overlapped: the first page, then the second's new ones.
      expect(new Set(ids).size).toBe(ids.length)
      const { removed, sonRole, secondPage } = toldOf(kit)
      const expectedMembers = [...FIRST_PAGE, ...(secondPage ? SECOND_PAGE.slice(1) : [])].filter((m) => !removed.includes(m._id))
      expect(ids).toEqual(expectedMembers.map((m) => m.name))
      // The owner and admins change others' roles, never their own nor (as anyone) the owner's.
      if (manages(expected)) {
        expect(kit.screen.queryByRole('combobox', { name: `Role of ${OWNER.name}` })).toBeNull()
        // Son's role is the one the server last saved.
        if (!removed.includes(SON._id)) expect(roleSelect(kit, SON.name).value).toBe(String(sonRole))
      } else expect(kit.screen.queryAllByRole('combobox')).toEqual([])
      // A Remove button on exactly the rows the product lets this viewer remove (Son with the role the server saved).
      const removable = kit.screen
        .queryAllByRole('button', { name: /^Remove .* from the channel$/ })
        .map((button) => button.getAttribute('aria-label'))
      expect(removable).toEqual(
        expectedMembers
          .filter((m) => removableBy(expected, m._id === SON._id ? { ...m, role: sonRole } : m))
          .map((m) => `Remove ${m.name} from the channel`),
      )
      // Everyone but the owner may leave; the owner is told why they cannot.
      const isOwner = expected.context.myRole === ROLES.owner
      expect(kit.screen.queryByText('As its owner, you cannot leave this channel.') !== null).toBe(isOwner)
      if (isOwner) expect(kit.screen.queryByText('Leave channel')).toBeNull()
      const error = expected.context.membersError
      if (error) expect(failedAlert(kit, error)).toBeTruthy()
      expect(kit.screen.queryByRole('button', { name: 'Load more' }) !== null).toBe(expected.context.list.more)
    },
    'members.open.idle': (expected, kit) => {
      if (!listIdle(expected)) return
      if (manages(expected) && son(expected)) expect(roleSelect(kit, SON.name).getAttribute('aria-busy')).toBeNull()
      // No confirmation open; the Leave button (text queries: cheaper than roles on a 20-row list) can be pressed.
      expect(kit.screen.queryByText(/^Yes, (remove|leave)$/)).toBeNull()
      if (expected.context.myRole !== ROLES.owner) expect(kit.screen.getByText('Leave channel').closest('button')!.disabled).toBe(false)
    },
    'members.open.confirmingRemoval': (_, kit) => {
      // Asked first, nothing sent yet.
      const group = confirmation(kit, `Confirm removing ${SON.name} from the channel`)
      expect(group.textContent).toContain(`Remove ${SON.name} from the channel?`)
      expect(kit.calls.some((call) => call.id === 'removeMember' && !call.settled)).toBe(false)
      expect(removeButton(kit, SON.name)!.disabled).toBe(true)
    },
    'members.open.removing': (_, kit) => {
      expect(kit.pending('removeMember').input).toEqual({ channelId: 'ch-1', customer_id: SON._id })
      expect(removeButton(kit, SON.name)!.getAttribute('aria-busy')).toBe('true')
      expect(kit.screen.queryByText('Yes, remove')).toBeNull()
    },
    'members.open.confirmingLeave': (_, kit) => {
      expect(confirmation(kit, 'Confirm leaving the channel').textContent).toContain('Leave this channel?')
      expect(kit.calls.some((call) => call.id === 'leaveChannel')).toBe(false)
      expect(kit.actions.leftChannel).not.toHaveBeenCalled()
    },
    'members.open.leaving': (_, kit) => {
      expect(kit.pending('leaveChannel').input).toEqual({ channelId: 'ch-1' })
      const leave = kit.screen.getByRole<HTMLButtonElement>('button', { name: 'Leave channel' })
      expect(leave.getAttribute('aria-busy')).toBe('true')
      expect(leave.disabled).toBe(true)
    },
    'members.left': (_, kit) => {
      // Its list stops with the page.
      expect(kit.callbacks.filter((call) => call.src === 'list' && !call.stopped)).toHaveLength(0)
      // Left once the server said so: the app goes to the chats, once.
      expect(kit.calls.filter((call) => call.id === 'leaveChannel' && call.settled)).toHaveLength(1)
      expect(kit.actions.leftChannel).toHaveBeenCalledTimes(1)
    },
    'members.open.changingRole': (expected, kit) => {
      expect(kit.pending('changeRole').input).toEqual({ channelId: 'ch-1', customer_id: SON._id, role: expected.context.changing!.role })
      expect(roleSelect(kit, SON.name).getAttribute('aria-busy')).toBe('true')
    },
    'labels.loading': (_, kit) => {
      expect(kit.pending('loadLabels').input).toEqual({ channelId: 'ch-1' })
      expect(kit.screen.queryByRole('list', { name: 'Labels' })).toBeNull()
      expect(kit.screen.queryByText('No labels yet.')).toBeNull()
    },
    'labels.failed': (_, kit) => {
      expect(failedAlert(kit, 'Could not load the labels.')).toBeTruthy()
    },
    'labels.ready': (expected, kit) => {
      const { labels, labelsError, labelName, labelColor } = expected.context
      if (labels.length === 0) expect(kit.screen.getByText('No labels yet.')).toBeTruthy()
      else
        expect(
          within(kit.screen.getByRole('list', { name: 'Labels' }))
            .getAllByRole('listitem')
            .map((row) => row.getAttribute('aria-label')),
        ).toEqual(labels.map((l) => l.name))
      // The list follows the adds and deletes the server accepted, in order, each label once.
      const { added, deleted } = toldOf(kit)
      expect(labels.map((l) => l._id)).toEqual([SALES, ...added].filter((l) => !deleted.includes(l._id)).map((l) => l._id))
      if (labelsError) expect(failedAlert(kit, labelsError)).toBeTruthy()
      if (manages(expected)) {
        expect(kit.screen.getByRole<HTMLInputElement>('textbox', { name: 'New label' }).value).toBe(labelName)
        expect(kit.screen.getByLabelText<HTMLInputElement>('Colour').value).toBe(labelColor)
      } else {
        expect(kit.screen.queryByRole('textbox', { name: 'New label' })).toBeNull()
        expect(kit.screen.queryByRole('button', { name: /^Delete label/ })).toBeNull()
      }
    },
    'labels.ready.idle': () => {},
    'labels.ready.adding': (expected, kit) => {
      expect(kit.pending('addLabel').input).toEqual({ channelId: 'ch-1', name: NEW_LABEL, color: expected.context.labelColor })
      expect(kit.screen.getByRole('button', { name: 'Add label' }).getAttribute('aria-busy')).toBe('true')
    },
    'labels.ready.deleting': (expected, kit) => {
      expect(kit.pending('deleteLabel').input).toEqual({ labelId: expected.context.deleting })
      const label = expected.context.labels.find((l) => l._id === expected.context.deleting)!
      expect(kit.screen.getByRole('button', { name: `Delete label ${label.name}` }).getAttribute('aria-busy')).toBe('true')
    },
  },
})
