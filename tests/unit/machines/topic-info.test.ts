import { describe, expect, it, vi } from 'vitest'
import { createActor, fromCallback, fromPromise, waitFor, type AnyEventObject } from 'xstate'
import { ROLES } from '../../../contract/limits'
import { DEFAULT_TOPIC_PERMISSIONS, type TopicInfo } from '../../../contract/topic'
import { connect, topicInfoMachine, type TopicChange, type TopicInfoEvent } from '../../../src/machines/topic-info'
import { memberFixture } from '../../model/support/members'
import { topicInfoFixture } from '../../model/support/topics'
import type {
  ApplyChangeInput,
  ChannelExtras,
  ChannelExtrasInput,
  TopicInfoInput,
  UploadImageInput,
} from '../../../src/machines/topic-info/topic-info.types'

/** Who may make which change to a chat, what each change sends, and what the page shows, beside what the generated paths reach. */

const person = (_id: string, role: number) => memberFixture(_id, `Name of ${_id}`, role)
const ME = 'u-me'
const BAO = person('u-bao', ROLES.member)
const CHI = person('u-chi', ROLES.admin)
const DAN = person('u-dan', ROLES.member)

/** A group in channel ch-1 with the user, Bao and Chi; `role` is the user's. */
const group = (role: number, over: Partial<TopicInfo> = {}): TopicInfo =>
  topicInfoFixture({
    _id: 't-1',
    name: 'Launch',
    channel_id: 'ch-1',
    admin: CHI._id,
    role,
    members_count: 3,
    customers: [person(ME, role), BAO, CHI],
    ...over,
  })
const direct = (): TopicInfo =>
  group(ROLES.member, { name: BAO.name, is_group: false, channel_id: null, admin: null, customers: [person(ME, ROLES.member), BAO] })
const PNG = new File([new Uint8Array([137, 80, 78, 71])], 'p.png', { type: 'image/png' })
const SALES = { _id: 'l-1', channel_id: 'ch-1', name: 'Sales', color: '#16a34a' }
/** Every setting restricted to admins. */
const ADMINS_ONLY = {
  add_member: 1,
  remove_member: 1,
  reminder: 1,
  poll: 1,
  edit_image: 1,
  edit_name: 1,
  pin_message: 1,
  call: 1,
  send_message: 1,
  stop_chat_bot: 1,
} as const

interface Server {
  /** What GET topic/info answers (an Error: it fails). */
  topic: TopicInfo | Error
  extras: ChannelExtras | Error
  /** Set: every change and the leave are refused with this reason. */
  refuse: string | null
}

function start(topic: TopicInfo | Error, extras: ChannelExtras | Error = { creator: CHI._id, labels: [], members: [] }) {
  const server: Server = { topic, extras, refuse: null }
  const changes: TopicChange[] = []
  const extrasAsked: ChannelExtrasInput[] = []
  const leaves: TopicInfoInput[] = []
  const uploads: UploadImageInput[] = []
  const leftTopic = vi.fn()
  const answer = <T>(value: T | Error): T => {
    if (value instanceof Error) throw value
    return value
  }
  const actor = createActor(
    topicInfoMachine.provide({
      actors: {
        loadTopic: fromPromise<TopicInfo, { topicId: string }>(async () => answer(server.topic)),
        loadChannelExtras: fromPromise<ChannelExtras, ChannelExtrasInput>(async ({ input }) => {
          extrasAsked.push(input)
          return answer(server.extras)
        }),
        applyChange: fromPromise<unknown, ApplyChangeInput>(async ({ input }) => {
          changes.push(input.change)
          if (server.refuse) throw new Error(server.refuse)
          return {}
        }),
        leaveTopic: fromPromise<unknown, TopicInfoInput>(async ({ input }) => {
          leaves.push(input)
          if (server.refuse) throw new Error(server.refuse)
          return {}
        }),
        uploadImage: fromCallback<AnyEventObject, UploadImageInput>(({ input }) => {
          uploads.push(input)
        }),
      },
      actions: { leftTopic },
    }),
    { input: { topicId: 't-1', meId: ME } },
  ).start()
  /** Waits until nothing is on its way: the topic idle (or left, or failed) and the channel's part loaded. */
  const settled = () =>
    waitFor(actor, (s) => s.matches('failed') || s.matches('left') || s.matches({ ready: { topic: 'idle', channel: 'loaded' } }))
  const send = async (...events: TopicInfoEvent[]) => {
    for (const event of events) actor.send(event)
    await settled()
  }
  const snap = () => actor.getSnapshot()
  const props = () => connect(snap(), (event) => actor.send(event))
  return { actor, server, changes, extrasAsked, leaves, uploads, leftTopic, settled, send, snap, props }
}

describe('topic info machine: who may change what', () => {
  it('renames only with the permission, to a name that is not blank or the same, and sends it trimmed', async () => {
    const locked = start(group(ROLES.member, { permission: { ...DEFAULT_TOPIC_PERMISSIONS, edit_name: 1 } }))
    await locked.settled()
    await locked.send({ type: 'RENAME_CHANGED', name: 'Launch v2' }, { type: 'RENAME' })
    expect(locked.changes).toEqual([])
    expect(locked.props().rename).toBeNull()

    const chat = start(direct())
    await chat.settled()
    await chat.send({ type: 'RENAME_CHANGED', name: 'Bao and me' }, { type: 'RENAME' })
    expect(chat.changes).toEqual([])

    const open = start(group(ROLES.member))
    await open.settled()
    expect(open.props().rename).toMatchObject({ name: 'Launch', value: 'Launch', canRename: false })
    for (const name of ['   ', ' Launch ']) {
      await open.send({ type: 'RENAME_CHANGED', name }, { type: 'RENAME' })
      expect(open.props().rename?.canRename).toBe(false)
    }
    expect(open.changes).toEqual([])
    await open.send({ type: 'RENAME_CHANGED', name: '  Launch v2 ' })
    expect(open.props().rename?.canRename).toBe(true)
    open.server.topic = group(ROLES.member, { name: 'Launch v2' })
    await open.send({ type: 'RENAME' })
    expect(open.changes).toEqual([{ kind: 'rename', name: 'Launch v2' }])
    expect(open.props().rename).toMatchObject({ name: 'Launch v2', value: 'Launch v2' })
  })

  it('keeps a name being typed when the topic is loaded again unrenamed, and takes the new name when it was renamed', async () => {
    const kit = start(group(ROLES.admin))
    await kit.settled()
    await kit.send({ type: 'RENAME_CHANGED', name: 'Draft' }, { type: 'SET_PERMISSION', setting: 'poll', value: 1 })
    expect(kit.changes).toEqual([{ kind: 'permission', permission: { poll: 1 } }])
    expect(kit.snap().context.renameValue).toBe('Draft')
    expect(kit.snap().context.change).toBeNull()
    kit.server.topic = group(ROLES.admin, { name: 'Renamed elsewhere' })
    await kit.send({ type: 'SET_PERMISSION', setting: 'poll', value: 0 })
    expect(kit.snap().context.renameValue).toBe('Renamed elsewhere')
  })

  it('sets a label only as a group admin in a channel, a label or none', async () => {
    const plain = start(group(ROLES.member))
    await plain.settled()
    await plain.send({ type: 'SET_LABEL', labelId: 'l-1' })
    expect(plain.changes).toEqual([])

    const outside = start(group(ROLES.admin, { channel_id: null }))
    await outside.settled()
    await outside.send({ type: 'SET_LABEL', labelId: 'l-1' })
    expect(outside.changes).toEqual([])
    expect(outside.extrasAsked).toEqual([])

    const chatAdmin = start(group(ROLES.admin, { is_group: false }), { creator: null, labels: [SALES], members: [] })
    await chatAdmin.settled()
    await chatAdmin.send({ type: 'SET_LABEL', labelId: 'l-1' })
    await chatAdmin.send({ type: 'SET_PERMISSION', setting: 'poll', value: 1 })
    expect(chatAdmin.changes).toEqual([])
    expect(chatAdmin.props().label).toBeNull()

    const admin = start(group(ROLES.admin))
    await admin.settled()
    await admin.send({ type: 'SET_LABEL', labelId: 'l-1' })
    await admin.send({ type: 'SET_LABEL', labelId: null })
    expect(admin.changes).toEqual([
      { kind: 'label', label_id: 'l-1' },
      { kind: 'label', label_id: null },
    ])
  })

  it('removes a member only with the permission, never the user, and only someone in the chat', async () => {
    const plain = start(group(ROLES.member))
    await plain.settled()
    await plain.send({ type: 'REMOVE_MEMBER', memberId: BAO._id })
    expect(plain.changes).toEqual([])
    expect(plain.props().members.rows.map((r) => r.canRemove)).toEqual([false, false, false])

    const admin = start(group(ROLES.admin))
    await admin.settled()
    await admin.send({ type: 'REMOVE_MEMBER', memberId: ME }, { type: 'REMOVE_MEMBER', memberId: DAN._id })
    expect(admin.changes).toEqual([])
    expect(admin.props().members.rows.map((r) => [r.member._id, r.canRemove])).toEqual([
      [ME, false],
      [BAO._id, true],
      [CHI._id, true],
    ])
    await admin.send({ type: 'REMOVE_MEMBER', memberId: BAO._id })
    expect(admin.changes).toEqual([{ kind: 'removeMember', customer_id: BAO._id }])

    const chat = start(direct())
    await chat.settled()
    await chat.send({ type: 'REMOVE_MEMBER', memberId: BAO._id })
    expect(chat.changes).toEqual([])
  })

  it('chooses members to add only with the permission in a channel; Add with nobody chosen asks to choose', async () => {
    // Without the permission, and outside a channel.
    for (const refused of [
      start(group(ROLES.member, { permission: { ...DEFAULT_TOPIC_PERMISSIONS, add_member: 1 } })),
      start(group(ROLES.admin, { channel_id: null })),
    ]) {
      await refused.settled()
      await refused.send({ type: 'TOGGLE_MEMBER', memberId: DAN._id })
      expect(refused.snap().context.chosen).toEqual([])
      await refused.send({ type: 'ADD_MEMBERS' })
      expect(refused.snap().context.addTried).toBe(false)
      expect(refused.changes).toEqual([])
      expect(refused.props().addMembers).toBeNull()
    }

    const kit = start(group(ROLES.member), { creator: CHI._id, labels: [], members: [person(ME, ROLES.member), BAO, CHI, DAN] })
    await kit.settled()
    await kit.send({ type: 'ADD_MEMBERS' })
    expect(kit.props().addMembers).toMatchObject({ chosen: [], askToChoose: true })
    expect(kit.props().addMembers?.candidates?.map((m) => m._id)).toEqual([DAN._id])
    await kit.send({ type: 'TOGGLE_MEMBER', memberId: DAN._id })
    expect(kit.props().addMembers).toMatchObject({ chosen: [DAN._id], askToChoose: false })
    await kit.send({ type: 'TOGGLE_MEMBER', memberId: BAO._id }, { type: 'TOGGLE_MEMBER', memberId: DAN._id })
    expect(kit.snap().context.chosen).toEqual([BAO._id])
    await kit.send({ type: 'TOGGLE_MEMBER', memberId: DAN._id }, { type: 'ADD_MEMBERS' })
    expect(kit.changes).toEqual([{ kind: 'addMembers', customer_ids: [BAO._id, DAN._id] }])
    expect(kit.snap().context).toMatchObject({ chosen: [], addTried: false })
  })

  it('changes a setting only as a group admin, showing the new value at once', async () => {
    const plain = start(group(ROLES.member))
    await plain.settled()
    await plain.send({ type: 'SET_PERMISSION', setting: 'poll', value: 1 })
    expect(plain.changes).toEqual([])
    expect(plain.props().settings?.editable).toBe(false)

    const admin = start(group(ROLES.admin))
    await admin.settled()
    expect(admin.props().settings?.editable).toBe(true)
    admin.actor.send({ type: 'SET_PERMISSION', setting: 'poll', value: 1 })
    expect(admin.snap().context.topic?.permission).toEqual({ ...DEFAULT_TOPIC_PERMISSIONS, poll: 1 })
    expect(admin.props().settings?.items.find((i) => i.setting === 'poll')?.checked).toBe(true)
    expect(admin.props().busy).toBe(true)
    await admin.settled()
    expect(admin.changes).toEqual([{ kind: 'permission', permission: { poll: 1 } }])
    // The reload brings the saved settings (the fake server kept the old ones).
    expect(admin.props().settings?.items.find((i) => i.setting === 'poll')?.checked).toBe(false)
    expect(admin.props().busy).toBe(false)

    const chat = start(direct())
    await chat.settled()
    await chat.send({ type: 'SET_PERMISSION', setting: 'poll', value: 1 })
    expect(chat.changes).toEqual([])
    expect(chat.props().settings).toBeNull()
  })

  it('changes the picture only with the permission; removes it only when there is one', async () => {
    const locked = start(
      group(ROLES.member, { permission: { ...DEFAULT_TOPIC_PERMISSIONS, edit_image: 1 }, image: 'https://cdn.example/p.png' }),
    )
    await locked.settled()
    await locked.send({ type: 'PICK_IMAGE', file: PNG }, { type: 'REMOVE_IMAGE' })
    expect(locked.uploads).toEqual([])
    expect(locked.changes).toEqual([])
    expect(locked.props().picture).toMatchObject({ image: 'https://cdn.example/p.png', editable: false })

    const none = start(group(ROLES.member))
    await none.settled()
    await none.send({ type: 'REMOVE_IMAGE' })
    expect(none.changes).toEqual([])

    const admin = start(group(ROLES.admin, { permission: ADMINS_ONLY, image: 'https://cdn.example/p.png' }))
    await admin.settled()
    expect(admin.props().picture?.editable).toBe(true)
    await admin.send({ type: 'REMOVE_IMAGE' })
    expect(admin.changes).toEqual([{ kind: 'removeImage' }])

    expect(start(direct()).props().picture).toBeNull()
  })

  it('leaves a group only, and not a 1:1 chat; a refused leave shows why and stays', async () => {
    const chat = start(direct())
    await chat.settled()
    await chat.send({ type: 'LEAVE' })
    expect(chat.leaves).toEqual([])
    expect(chat.props().members.rows.map((r) => [r.me, r.canLeave])).toEqual([
      [true, false],
      [false, false],
    ])

    const kit = start(group(ROLES.member))
    await kit.settled()
    expect(kit.props().members.rows.map((r) => [r.me, r.canLeave])).toEqual([
      [true, true],
      [false, false],
      [false, false],
    ])
    kit.server.refuse = 'The last admin cannot leave.'
    await kit.send({ type: 'LEAVE' })
    expect(kit.leaves).toEqual([{ topicId: 't-1', meId: ME }])
    expect(kit.props()).toMatchObject({ status: 'ready', error: 'The last admin cannot leave.' })
    expect(kit.leftTopic).not.toHaveBeenCalled()
    kit.server.refuse = null
    await kit.send({ type: 'LEAVE' })
    expect(kit.props()).toMatchObject({ status: 'left', error: null })
    expect(kit.leftTopic).toHaveBeenCalledTimes(1)
  })
})

describe('topic info machine: changes, uploads and loading', () => {
  it("shows a refused change's reason until the next change, which clears it", async () => {
    const kit = start(group(ROLES.admin))
    await kit.settled()
    kit.server.refuse = 'You are not allowed to do that.'
    await kit.send({ type: 'SET_LABEL', labelId: 'l-1' })
    expect(kit.props().error).toBe('You are not allowed to do that.')
    expect(kit.snap().context.change).toBeNull()
    kit.server.refuse = null
    kit.actor.send({ type: 'REMOVE_MEMBER', memberId: BAO._id })
    expect(kit.props().error).toBeNull()
    await kit.settled()
    expect(kit.props().error).toBeNull()
  })

  it('shows the upload in percent, and a failed upload as an error; a new upload clears the last error', async () => {
    const kit = start(group(ROLES.member))
    await kit.settled()
    kit.server.refuse = 'Refused.'
    await kit.send({ type: 'RENAME_CHANGED', name: 'X' }, { type: 'RENAME' })
    expect(kit.props().error).toBe('Refused.')
    kit.actor.send({ type: 'PICK_IMAGE', file: PNG })
    expect(kit.uploads).toEqual([{ topicId: 't-1', file: PNG }])
    expect(kit.props()).toMatchObject({ busy: true, error: null, picture: { uploadPercent: 0 } })
    kit.actor.send({ type: 'UPLOAD_PROGRESS', percent: 40 })
    expect(kit.props().picture?.uploadPercent).toBe(40)
    kit.actor.send({ type: 'UPLOAD_FAILED', message: 'Only jpeg and png pictures.' })
    await kit.settled()
    expect(kit.props()).toMatchObject({ busy: false, error: 'Only jpeg and png pictures.', picture: { uploadPercent: null } })

    kit.actor.send({ type: 'PICK_IMAGE', file: PNG })
    kit.actor.send({ type: 'UPLOAD_PROGRESS', percent: 100 })
    kit.server.topic = group(ROLES.member, { image: 'https://cdn.example/new.png' })
    kit.actor.send({ type: 'UPLOAD_DONE' })
    await kit.settled()
    expect(kit.props()).toMatchObject({ error: null, picture: { image: 'https://cdn.example/new.png', uploadPercent: null } })
  })

  it('a chat that does not load fails, and loads on retry; a failed reload after a change fails too', async () => {
    const kit = start(new Error('Not found'))
    await kit.settled()
    expect(kit.props()).toMatchObject({
      status: 'failed',
      name: '',
      picture: null,
      rename: null,
      settings: null,
      members: { count: 0, rows: [] },
    })
    kit.server.topic = group(ROLES.admin)
    await kit.send({ type: 'RETRY' })
    expect(kit.props()).toMatchObject({ status: 'ready', name: 'Launch', channelId: 'ch-1', members: { count: 3 } })
    kit.server.topic = new Error('Server Error')
    await kit.send({ type: 'SET_LABEL', labelId: 'l-1' })
    expect(kit.props().status).toBe('failed')
  })

  it('asks the channel for labels as a group admin and for members as who may add; none outside a channel or when it fails', async () => {
    const admin = start(group(ROLES.admin), { creator: CHI._id, labels: [SALES], members: [] })
    await admin.settled()
    expect(admin.extrasAsked).toEqual([{ channelId: 'ch-1', labels: true, members: true }])
    expect(admin.props().label).toMatchObject({ labels: [SALES], labelId: null })

    const plain = start(group(ROLES.member), { creator: CHI._id, labels: [SALES], members: [] })
    await plain.settled()
    expect(plain.extrasAsked).toEqual([{ channelId: 'ch-1', labels: false, members: true }])
    expect(plain.props().label).toBeNull()

    const locked = start(group(ROLES.member, { permission: ADMINS_ONLY }))
    await locked.settled()
    expect(locked.extrasAsked).toEqual([{ channelId: 'ch-1', labels: false, members: false }])

    const noLabels = start(group(ROLES.admin))
    await noLabels.settled()
    expect(noLabels.props().label).toBeNull()

    const failing = start(group(ROLES.admin), new Error('Server Error'))
    await failing.settled()
    expect(failing.snap().context.extras).toEqual({ creator: null, labels: [], members: [] })
    expect(failing.props().members.rows.some((r) => r.channelCreator)).toBe(false)

    const outside = start(group(ROLES.admin, { channel_id: null }))
    await outside.settled()
    expect(outside.extrasAsked).toEqual([])
    expect(outside.snap().context.extras).toEqual({ creator: null, labels: [], members: [] })
    expect(outside.props()).toMatchObject({ channelId: null, addMembers: null, label: null })
  })

  it("marks the group's creator and the channel's creator, each in their own row", async () => {
    const kit = start(group(ROLES.member, { admin: BAO._id }), { creator: CHI._id, labels: [], members: [] })
    await kit.settled()
    expect(kit.props().members.rows.map((r) => [r.member._id, r.groupCreator, r.channelCreator])).toEqual([
      [ME, false, false],
      [BAO._id, true, false],
      [CHI._id, false, true],
    ])
    const chat = start(group(ROLES.member, { admin: BAO._id, is_group: false }))
    await chat.settled()
    expect(chat.props().members.rows.some((r) => r.groupCreator)).toBe(false)
  })

  it('shows every setting, checked when only admins may use it', async () => {
    const kit = start(group(ROLES.admin, { permission: { ...ADMINS_ONLY, poll: 0, edit_name: 0, send_message: 0 } }))
    await kit.settled()
    expect(kit.props().settings?.items).toEqual([
      { setting: 'add_member', checked: true },
      { setting: 'remove_member', checked: true },
      { setting: 'reminder', checked: true },
      { setting: 'poll', checked: false },
      { setting: 'edit_image', checked: true },
      { setting: 'edit_name', checked: false },
      { setting: 'pin_message', checked: true },
      { setting: 'call', checked: true },
      { setting: 'send_message', checked: false },
      { setting: 'stop_chat_bot', checked: true },
    ])
  })
})

describe('topic info connect: handlers', () => {
  it('each handler sends its event', async () => {
    const kit = start(group(ROLES.admin), { creator: null, labels: [SALES], members: [DAN] })
    await kit.settled()
    const sent: TopicInfoEvent[] = []
    const p = connect(kit.snap(), (event) => sent.push(event))
    p.onRetry()
    p.label?.onChange('l-1')
    p.picture?.onPick(PNG)
    p.picture?.onRemove()
    p.rename?.onChange('New')
    p.rename?.onRename()
    p.members.onRemove(BAO._id)
    p.members.onLeave()
    p.addMembers?.onToggle(DAN._id)
    p.addMembers?.onAdd()
    p.settings?.onChange('poll', 1)
    expect(sent).toEqual([
      { type: 'RETRY' },
      { type: 'SET_LABEL', labelId: 'l-1' },
      { type: 'PICK_IMAGE', file: PNG },
      { type: 'REMOVE_IMAGE' },
      { type: 'RENAME_CHANGED', name: 'New' },
      { type: 'RENAME' },
      { type: 'REMOVE_MEMBER', memberId: BAO._id },
      { type: 'LEAVE' },
      { type: 'TOGGLE_MEMBER', memberId: DAN._id },
      { type: 'ADD_MEMBERS' },
      { type: 'SET_PERMISSION', setting: 'poll', value: 1 },
    ])
  })

  it('while the chat loads, nothing is offered', () => {
    const kit = start(group(ROLES.admin))
    expect(kit.props()).toMatchObject({
      status: 'loading',
      topicId: 't-1',
      name: '',
      channelId: null,
      busy: false,
      label: null,
      picture: null,
      rename: null,
      addMembers: null,
      settings: null,
    })
  })
})
