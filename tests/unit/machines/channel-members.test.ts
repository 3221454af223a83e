import { describe, expect, it } from 'vitest'
import { createActor, fromPromise, waitFor } from 'xstate'
import type { Label, Member } from '../../../contract/channel'
import { ROLES } from '../../../contract/limits'
import { channelMembersMachine, connect, type ChannelMembersEvent } from '../../../src/machines/channel-members'
import type { AddLabelInput, ChangeRoleInput, MembersPageInput } from '../../../src/machines/channel-members/channel-members.types'
import { withPages } from '../../../src/machines/paged-list'

/** Who may change which role and manage labels, the label name sent, and paging, beside what the generated paths reach. */

const member = (_id: string, role: number): Member => ({ _id, name: _id, workid: _id, photo_url: null, role })
const OWNER = member('u-owner', ROLES.owner)
const ADMIN = member('u-admin', ROLES.admin)
const SON = member('u-son', ROLES.member)
const label = (id: string): Label => ({ _id: id, channel_id: 'ch-1', name: id, color: '#16a34a' })

function start(myRole: number, meId: string, pages: Member[][] = [[OWNER, ADMIN, SON]], labels: Label[] = [label('l-a'), label('l-b')]) {
  const calls: string[] = []
  const loads: MembersPageInput[] = []
  const queue = [...pages]
  const actor = createActor(
    channelMembersMachine.provide({
      actors: {
        list: withPages(async (input: MembersPageInput) => {
          loads.push(input)
          return queue.shift() ?? []
        }),
        changeRole: fromPromise<Member, ChangeRoleInput>(async ({ input }) => {
          calls.push(`role:${input.customer_id}:${input.role}`)
          return { ...member(input.customer_id, input.role) }
        }),
        loadLabels: fromPromise(async () => labels),
        addLabel: fromPromise<Label, AddLabelInput>(async ({ input }) => {
          calls.push(`add:${input.name}:${input.color}`)
          return { _id: 'l-new', channel_id: input.channelId, name: input.name, color: input.color }
        }),
        deleteLabel: fromPromise<unknown, { labelId: string }>(async ({ input }) => calls.push(`delete:${input.labelId}`)),
      },
    }),
    { input: { channelId: 'ch-1', myRole, meId } },
  ).start()
  /** The members show with no page on their way, and the labels show. */
  const membersIdle = (s: ReturnType<typeof actor.getSnapshot>) =>
    s.matches({ members: { open: 'idle' } }) && s.context.list.state === 'idle'
  const idle = () => waitFor(actor, (s) => membersIdle(s) && s.matches({ labels: { ready: 'idle' } }))
  const props = () => connect(actor.getSnapshot(), () => undefined)
  return { actor, calls, loads, idle, props, membersIdle: () => membersIdle(actor.getSnapshot()) }
}

describe('channel members machine', () => {
  it('changes a role only for someone else, not the owner, to a role they do not have, when the viewer is an admin or the owner', async () => {
    const admin = start(ROLES.admin, 'u-admin')
    await admin.idle()
    const refused: ChannelMembersEvent[] = [
      { type: 'CHANGE_ROLE', memberId: 'u-nobody', role: ROLES.admin },
      { type: 'CHANGE_ROLE', memberId: 'u-son', role: ROLES.member },
      { type: 'CHANGE_ROLE', memberId: 'u-admin', role: ROLES.member },
      { type: 'CHANGE_ROLE', memberId: 'u-owner', role: ROLES.admin },
    ]
    for (const event of refused) admin.actor.send(event)
    expect(admin.membersIdle()).toBe(true)
    admin.actor.send({ type: 'CHANGE_ROLE', memberId: 'u-son', role: ROLES.admin })
    await admin.idle()
    expect(admin.calls).toEqual([`role:u-son:${ROLES.admin}`])
    expect(admin.actor.getSnapshot().context.list.items.map((m) => [m._id, m.role])).toEqual([
      ['u-owner', ROLES.owner],
      ['u-admin', ROLES.admin],
      ['u-son', ROLES.admin],
    ])

    const plain = start(ROLES.member, 'u-son')
    await plain.idle()
    plain.actor.send({ type: 'CHANGE_ROLE', memberId: 'u-admin', role: ROLES.member })
    expect(plain.membersIdle()).toBe(true)
    expect(plain.calls).toEqual([])
  })

  it('adds a label only for an admin with a name typed, sending the trimmed name and the chosen colour', async () => {
    const plain = start(ROLES.member, 'u-son')
    await plain.idle()
    plain.actor.send({ type: 'LABEL_NAME_CHANGED', name: 'Sales' })
    expect(plain.props().labels.canAdd).toBe(false)
    plain.actor.send({ type: 'ADD_LABEL' })
    expect(plain.calls).toEqual([])

    const admin = start(ROLES.admin, 'u-admin')
    await admin.idle()
    admin.actor.send({ type: 'LABEL_NAME_CHANGED', name: '   ' })
    expect(admin.props().labels.canAdd).toBe(false)
    admin.actor.send({ type: 'ADD_LABEL' })
    expect(admin.calls).toEqual([])
    admin.actor.send({ type: 'LABEL_NAME_CHANGED', name: '  Support  ' })
    admin.actor.send({ type: 'LABEL_COLOR_CHANGED', color: '#dc2626' })
    expect(admin.actor.getSnapshot().context).toMatchObject({ labelName: '  Support  ', labelColor: '#dc2626' })
    expect(admin.props().labels.canAdd).toBe(true)
    admin.actor.send({ type: 'ADD_LABEL' })
    expect(admin.props().labels).toMatchObject({ adding: true, canAdd: false })
    await admin.idle()
    expect(admin.calls).toEqual(['add:Support:#dc2626'])
    expect(admin.actor.getSnapshot().context.labels.map((l) => l._id)).toEqual(['l-a', 'l-b', 'l-new'])
  })

  it('deletes only a label of the channel, only for an admin, and removes that one alone', async () => {
    const plain = start(ROLES.member, 'u-son')
    await plain.idle()
    plain.actor.send({ type: 'DELETE_LABEL', labelId: 'l-a' })
    expect(plain.calls).toEqual([])

    const admin = start(ROLES.admin, 'u-admin')
    await admin.idle()
    admin.actor.send({ type: 'DELETE_LABEL', labelId: 'l-none' })
    expect(admin.actor.getSnapshot().matches({ labels: { ready: 'idle' } })).toBe(true)
    admin.actor.send({ type: 'DELETE_LABEL', labelId: 'l-b' })
    expect(admin.props().labels.deleting).toBe('l-b')
    await admin.idle()
    expect(admin.calls).toEqual(['delete:l-b'])
    expect(admin.actor.getSnapshot().context.labels.map((l) => l._id)).toEqual(['l-a'])
  })

  it('loads the channel’s first page, and more only after a full page', async () => {
    const full = [OWNER, ADMIN, SON, ...Array.from({ length: 17 }, (_, i) => member(`u-${i}`, ROLES.member))]
    const { actor, loads, idle, props } = start(ROLES.member, 'u-son', [full, [member('u-16', ROLES.member), member('u-20', ROLES.member)]])
    await idle()
    expect(loads).toEqual([{ channelId: 'ch-1', page: 1 }])
    expect(props().hasMore).toBe(true)
    actor.send({ type: 'LOAD_MORE' })
    await idle()
    expect(loads).toEqual([
      { channelId: 'ch-1', page: 1 },
      { channelId: 'ch-1', page: 2 },
    ])
    expect(actor.getSnapshot().context.list.items).toHaveLength(21)
    expect(props().hasMore).toBe(false)

    const short = start(ROLES.member, 'u-son', [[OWNER, SON]])
    await short.idle()
    expect(short.props().hasMore).toBe(false)
  })
})
