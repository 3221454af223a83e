import { expect } from 'vitest'
import { within } from '@testing-library/react'
import type { Label } from '../../contract/channel'
import { ROLES } from '../../contract/limits'
import { DEFAULT_TOPIC_PERMISSIONS, type TopicInfo } from '../../contract/topic'
import { connect, topicInfoMachine, type TopicChange, type TopicInfoSnapshot } from '../../src/machines/topic-info'
import { TopicInfoPage } from '../../src/ui/topic-info/topic-info-page'
import { describeModel, type ModelKit } from './support/run-model'
import { routed } from './support/routed'
import { memberFixture } from './support/members'
import { topicInfoFixture } from './support/topics'

/** /chat/info/{topic}: a group as its creator and as a member see it, and a 1:1 chat. */

type Kit = ModelKit<typeof topicInfoMachine>
type S = TopicInfoSnapshot

const ME = memberFixture('u-me', 'Ann Le', ROLES.owner)
const BAO = memberFixture('u-bao', 'Bao Tran', ROLES.member)
const CHI = memberFixture('u-chi', 'Chi Pham', ROLES.admin)
const DAN = memberFixture('u-dan', 'Dan Vo', ROLES.member)
const SALES: Label = { _id: 'l-sales', channel_id: 'ch-1', name: 'Sales', color: '#16a34a' }
const PICTURE = 'https://cdn.example/launch.png'
const NEW_NAME = 'Launch v2'
const PNG = new File([new Uint8Array([137, 80, 78, 71])], 'launch.png', { type: 'image/png' })

const base = topicInfoFixture({
  _id: 't-1',
  name: 'Launch',
  channel_id: 'ch-1',
  admin: ME._id,
  role: ROLES.owner,
  members_count: 3,
  customers: [ME, BAO, CHI],
})
/** The group as its creator sees it. */
const AS_CREATOR = base
/** As a member: only admins add, remove and rename; anyone changes the picture (one is set). */
const AS_MEMBER: TopicInfo = {
  ...base,
  admin: CHI._id,
  role: ROLES.member,
  image: PICTURE,
  permission: { ...DEFAULT_TOPIC_PERMISSIONS, add_member: 1, remove_member: 1, edit_name: 1, edit_image: 0 },
  customers: [{ ...ME, role: ROLES.member }, BAO, CHI],
}
/** A 1:1 chat outside any channel. */
const DIRECT: TopicInfo = {
  ...base,
  name: 'Bao Tran',
  is_group: false,
  channel_id: null,
  admin: null,
  role: ROLES.member,
  customers: [{ ...ME, role: ROLES.member }, BAO],
}
const CHANNEL_MEMBERS = [ME, BAO, CHI, DAN]

/** The topic as the server has it after the change the machine last asked for (or without it, when refused). */
function serverTopic(s: S): TopicInfo {
  const { topic, change, error } = s.context
  const t = topic!
  if (!change) return error ? t : { ...t, image: PICTURE }
  if (error) return change.kind === 'permission' ? { ...t, permission: { ...t.permission, poll: t.permission.poll === 1 ? 0 : 1 } } : t
  return applied(t, change)
}
function applied(t: TopicInfo, change: TopicChange): TopicInfo {
  switch (change.kind) {
    case 'rename':
      return { ...t, name: change.name }
    case 'label':
      return { ...t, label_id: change.label_id }
    case 'removeMember':
      return { ...t, customers: t.customers.filter((m) => m._id !== change.customer_id) }
    case 'addMembers':
      return { ...t, customers: [...t.customers, ...CHANNEL_MEMBERS.filter((m) => change.customer_ids.includes(m._id))] }
    case 'permission':
      return t
    case 'removeImage':
      return { ...t, image: null }
  }
}

/** What the test did and the server accepted, per run: the oracle for the members shown. */
interface Told {
  removed: string[]
  added: string[]
  clicked: { remove?: string; add?: string[] }
}
const told = new WeakMap<object, Told>()
const toldOf = (kit: Kit) => {
  if (!told.has(kit.actor)) told.set(kit.actor, { removed: [], added: [], clicked: {} })
  return told.get(kit.actor)!
}

const view = routed(topicInfoMachine, (snapshot, send) => <TopicInfoPage {...connect(snapshot, send)} />)
const idle = (s: S) => s.matches({ ready: { topic: 'idle' } })
const topicOf = (s: S) => s.context.topic!
const isCreator = (s: S) => s.matches('ready') && topicOf(s).admin === ME._id && topicOf(s).is_group
const extrasLoaded = (s: S) => s.matches({ ready: { channel: 'loaded' } })
const mayEditImage = (s: S) => s.matches('ready') && topicOf(s).is_group && (topicOf(s).permission.edit_image === 0 || isCreator(s))
const fixtureOf = (t: TopicInfo) => (t.admin === ME._id ? AS_CREATOR : t.is_group ? AS_MEMBER : DIRECT)
/** Nothing changed yet: each generated path makes at most one change (the graph stays small), and every change is on some path. */
const pristine = (s: S) => {
  if (!s.matches('ready')) return false
  const t = topicOf(s)
  const f = fixtureOf(t)
  return (
    t.name === f.name &&
    t.image === f.image &&
    t.label_id === f.label_id &&
    t.permission.poll === f.permission.poll &&
    t.customers.length === f.customers.length &&
    s.context.renameValue === t.name &&
    s.context.chosen.length === 0 &&
    !s.context.addTried
  )
}
const memberRows = (kit: Kit) => within(kit.screen.getByRole('list', { name: 'Members' })).getAllByRole('listitem')
const button = (kit: Kit, name: string) => kit.screen.getByRole<HTMLButtonElement>('button', { name })
const fileInput = (kit: Kit) => kit.screen.getByLabelText<HTMLInputElement>('Group picture', { selector: 'input' })
const alerts = (kit: Kit) => kit.screen.queryAllByRole('alert').map((a) => a.textContent)

describeModel({
  machine: topicInfoMachine,
  input: { topicId: 't-1', meId: ME._id },
  select: 'transitions',
  // The traversal tells states apart by what the chart decides on; each step's snapshot is still exact.
  serializeState: (s) =>
    JSON.stringify({
      v: s.value,
      who: s.context.topic && `${s.context.topic.admin}/${s.context.topic.is_group}`,
      x: s.context.extras !== null,
      c: s.context.chosen.length,
      at: s.context.addTried,
      r: s.context.topic !== null && s.context.renameValue !== s.context.topic.name,
      u: s.context.uploadPercent,
      ch: s.context.change?.kind ?? null,
      e: s.context.error !== null,
      img: s.context.topic?.image ?? null,
      p: s.context.topic?.permission.poll ?? null,
      bao: s.context.topic?.customers.some((m) => m._id === BAO._id) ?? null,
      dan: s.context.topic?.customers.some((m) => m._id === DAN._id) ?? null,
      l: s.context.topic?.label_id ?? null,
    }),
  events: {
    'xstate.done.actor.loadTopic': [AS_CREATOR, AS_MEMBER, DIRECT].map((output) => ({ type: 'xstate.done.actor.loadTopic', output })),
    'xstate.done.actor.reloadTopic': (s) => [{ type: 'xstate.done.actor.reloadTopic', output: serverTopic(s) }],
    // The channel's part answers before any change (the regions' interleavings add nothing here).
    'xstate.done.actor.loadChannelExtras': (s) =>
      idle(s) && pristine(s)
        ? [{ type: 'xstate.done.actor.loadChannelExtras', output: { creator: CHI._id, labels: [SALES], members: CHANNEL_MEMBERS } }]
        : [],
    'xstate.error.actor.loadChannelExtras': (s) =>
      idle(s) && pristine(s) ? [{ type: 'xstate.error.actor.loadChannelExtras', error: new Error('Server Error') }] : [],
    ...Object.fromEntries(
      ['loadTopic', 'reloadTopic', 'applyChange', 'leaveTopic'].map((id) => [
        `xstate.error.actor.${id}`,
        [{ type: `xstate.error.actor.${id}`, error: new Error('You are not allowed to do that.') }],
      ]),
    ),
    RENAME_CHANGED: (s) => (isCreator(s) && pristine(s) ? [{ type: 'RENAME_CHANGED', name: NEW_NAME }] : []),
    RENAME: (s) => (isCreator(s) && idle(s) && s.context.renameValue === NEW_NAME ? [{ type: 'RENAME' }] : []),
    SET_LABEL: (s) =>
      isCreator(s) && idle(s) && pristine(s) && extrasLoaded(s) && s.context.extras!.labels.length > 0
        ? [{ type: 'SET_LABEL', labelId: SALES._id }]
        : [],
    REMOVE_MEMBER: (s) => (isCreator(s) && idle(s) && pristine(s) ? [{ type: 'REMOVE_MEMBER', memberId: BAO._id }] : []),
    LEAVE: (s) => (s.matches('ready') && topicOf(s).is_group && idle(s) && pristine(s) ? [{ type: 'LEAVE' }] : []),
    TOGGLE_MEMBER: (s) =>
      isCreator(s) &&
      extrasLoaded(s) &&
      s.context.chosen.length === 0 &&
      topicOf(s).customers.length === 3 &&
      s.context.renameValue === topicOf(s).name
        ? [{ type: 'TOGGLE_MEMBER', memberId: DAN._id }]
        : [],
    ADD_MEMBERS: (s) =>
      isCreator(s) && idle(s) && topicOf(s).customers.length === 3 && !s.context.addTried && s.context.renameValue === topicOf(s).name
        ? [{ type: 'ADD_MEMBERS' }]
        : [],
    SET_PERMISSION: (s) => (isCreator(s) && idle(s) && pristine(s) ? [{ type: 'SET_PERMISSION', setting: 'poll', value: 1 }] : []),
    PICK_IMAGE: (s) => (mayEditImage(s) && idle(s) && pristine(s) && topicOf(s).image === null ? [{ type: 'PICK_IMAGE', file: PNG }] : []),
    REMOVE_IMAGE: (s) => (mayEditImage(s) && idle(s) && pristine(s) && topicOf(s).image !== null ? [{ type: 'REMOVE_IMAGE' }] : []),
    UPLOAD_PROGRESS: (s) => (s.context.uploadPercent === 0 ? [{ type: 'UPLOAD_PROGRESS', percent: 40 }] : []),
    UPLOAD_FAILED: [{ type: 'UPLOAD_FAILED', message: 'Only jpeg and png pictures.' }],
    // A retry after the first load failed (a retry after a change would need the server's state since).
    RETRY: (s) => (s.matches('failed') && s.context.topic === null ? [{ type: 'RETRY' }] : []),
  },
  spyActions: ['leftTopic'],
  callbackActors: ['uploadImage'],
  render: view.render,
  ready: view.ready,
  perform: {
    RETRY: async (_, kit) => {
      await kit.user.click(button(kit, 'Retry'))
    },
    RENAME_CHANGED: async (event, kit) => {
      const field = kit.screen.getByRole('textbox', { name: 'Group name' })
      await kit.user.clear(field)
      await kit.user.type(field, (event as unknown as { name: string }).name)
    },
    RENAME: async (_, kit) => {
      // Nothing to save until the name differs.
      expect(button(kit, 'Rename').disabled).toBe(kit.previous.context.renameValue.trim() === topicOf(kit.previous).name)
      await kit.user.click(button(kit, 'Rename'))
    },
    SET_LABEL: async (_, kit) => {
      await kit.user.selectOptions(kit.screen.getByRole('combobox', { name: 'Label' }), SALES.name)
    },
    REMOVE_MEMBER: async (_, kit) => {
      toldOf(kit).clicked.remove = BAO._id
      await kit.user.click(button(kit, `Remove ${BAO.name}`))
    },
    LEAVE: async (_, kit) => {
      await kit.user.click(button(kit, 'Leave'))
    },
    TOGGLE_MEMBER: async (_, kit) => {
      await kit.user.click(kit.screen.getByRole('checkbox', { name: DAN.name }))
    },
    ADD_MEMBERS: async (_, kit) => {
      toldOf(kit).clicked.add = [...kit.previous.context.chosen]
      await kit.user.click(button(kit, 'Add'))
    },
    SET_PERMISSION: async (_, kit) => {
      await kit.user.click(kit.screen.getByRole('checkbox', { name: 'Create polls' }))
    },
    PICK_IMAGE: async (_, kit) => {
      await kit.user.upload(fileInput(kit), PNG)
    },
    REMOVE_IMAGE: async (_, kit) => {
      await kit.user.click(button(kit, 'Remove picture'))
    },
    UPLOAD_PROGRESS: async (event, kit) => {
      await kit.sendBack('uploadImage', event)
    },
    UPLOAD_DONE: async (event, kit) => {
      await kit.sendBack('uploadImage', event)
    },
    UPLOAD_FAILED: async (event, kit) => {
      await kit.sendBack('uploadImage', event)
    },
    'xstate.done.actor.applyChange': async (_, kit) => {
      const { change } = kit.pending('applyChange').input as { change: TopicChange }
      await kit.resolve('applyChange', {})
      const t = toldOf(kit)
      if (change.kind === 'removeMember') t.removed.push(t.clicked.remove!)
      if (change.kind === 'addMembers') t.added.push(...t.clicked.add!)
    },
    'xstate.done.actor.leaveTopic': async (_, kit) => {
      expect(kit.actions.leftTopic).not.toHaveBeenCalled()
      await kit.resolve('leaveTopic', {})
      expect(kit.actions.leftTopic).toHaveBeenCalledTimes(1)
    },
  },
  states: {
    loading: (_, kit) => {
      expect(kit.screen.getByRole('status').textContent).toBe('Loading chat…')
      expect(kit.pending('loadTopic').input).toEqual({ topicId: 't-1' })
    },
    failed: (_, kit) => {
      expect(kit.screen.getByRole('alert').textContent).toBe('This chat is not available.Retry')
    },
    left: (_, kit) => {
      expect(kit.actions.leftTopic).toHaveBeenCalledTimes(1)
      expect(kit.screen.queryByRole('list', { name: 'Members' })).toBeNull()
    },
    ready: (expected, kit) => {
      const topic = topicOf(expected)
      expect(kit.screen.getByRole('heading', { level: 1 }).textContent).toBe(`Chat info: ${topic.name}`)
      // Members: each once, the ones loaded plus those the test added and minus those it removed (accepted by the server).
      const { removed, added } = toldOf(kit)
      const first = fixtureOf(topic).customers.map((m) => m._id)
      const rows = memberRows(kit).map((row) => row.getAttribute('aria-label'))
      expect(new Set(rows).size).toBe(rows.length)
      // (While the topic loads again after an accepted change, the list is the one before it.)
      if (!expected.matches({ ready: { topic: 'reloading' } }))
        expect(rows).toEqual(
          [...first, ...added].filter((id) => !removed.includes(id)).map((id) => CHANNEL_MEMBERS.find((m) => m._id === id)!.name),
        )
      expect(kit.screen.getByRole('heading', { name: `${rows.length} members` })).toBeTruthy()
      // The error of the last change, if refused.
      if (expected.context.error) expect(alerts(kit)).toContain(expected.context.error)
      // A 1:1 chat has no group controls; a member of the group has no admin ones.
      if (!topic.is_group) {
        expect(kit.screen.queryByRole('button', { name: 'Leave' })).toBeNull()
        expect(kit.screen.queryByRole('link', { name: 'Files in this chat' })).toBeNull()
        expect(kit.screen.queryByRole('group', { name: 'Only admins can' })).toBeNull()
        return
      }
      expect(kit.screen.getByRole('link', { name: 'Files in this chat' }).getAttribute('href')).toBe('/chat/channel/ch-1/storage/t-1')
      const settings = within(kit.screen.getByRole('group', { name: 'Only admins can' })).getAllByRole<HTMLInputElement>('checkbox')
      expect(settings.every((box) => box.disabled)).toBe(!isCreator(expected) || !idle(expected))
      expect(kit.screen.getByRole<HTMLInputElement>('checkbox', { name: 'Create polls' }).checked).toBe(topic.permission.poll === 1)
      if (isCreator(expected)) {
        expect(kit.screen.getByRole<HTMLInputElement>('textbox', { name: 'Group name' }).value).toBe(expected.context.renameValue)
        expect(kit.screen.queryByRole('button', { name: `Remove ${ME.name}` })).toBeNull()
      } else {
        expect(kit.screen.queryByRole('textbox', { name: 'Group name' })).toBeNull()
        expect(kit.screen.queryByRole('button', { name: `Remove ${BAO.name}` })).toBeNull()
        expect(kit.screen.queryByRole('group', { name: 'Add members' })).toBeNull()
      }
      if (topic.image) expect(kit.screen.getByRole('img', { name: 'Group picture' }).getAttribute('src')).toBe(topic.image)
    },
    'ready.topic.idle': (expected, kit) => {
      if (!topicOf(expected).is_group) return
      expect(button(kit, 'Leave').disabled).toBe(false)
      expect(kit.screen.queryByRole('progressbar')).toBeNull()
      const ask = 'Please select at least 1 member.'
      expect(alerts(kit).includes(ask)).toBe(expected.context.addTried && expected.context.chosen.length === 0)
    },
    'ready.topic.saving': (expected, kit) => {
      expect(kit.pending('applyChange').input).toEqual({ topicId: 't-1', change: expected.context.change })
      expect(button(kit, 'Leave').disabled).toBe(true)
    },
    'ready.topic.uploading': (expected, kit) => {
      const upload = kit.callbacks.find((call) => call.src === 'uploadImage' && !call.stopped)!
      expect(upload.input).toEqual({ topicId: 't-1', file: PNG })
      expect(kit.screen.getByRole('progressbar', { name: 'Uploading the picture' }).getAttribute('value')).toBe(
        String(expected.context.uploadPercent),
      )
      expect(fileInput(kit).disabled).toBe(true)
    },
    'ready.topic.leaving': (_, kit) => {
      expect(kit.pending('leaveTopic').input).toEqual({ topicId: 't-1', meId: ME._id })
      expect(button(kit, 'Leave').disabled).toBe(true)
    },
    'ready.topic.reloading': (_, kit) => {
      expect(kit.pending('reloadTopic').input).toEqual({ topicId: 't-1' })
    },
    'ready.channel.loading': (expected, kit) => {
      if (!isCreator(expected)) return
      expect(kit.pending('loadChannelExtras').input).toEqual({ channelId: 'ch-1', labels: true, members: true })
      expect(within(kit.screen.getByRole('group', { name: 'Add members' })).getByRole('status').textContent).toBe(
        'Loading channel members…',
      )
      expect(kit.screen.queryByRole('combobox', { name: 'Label' })).toBeNull()
    },
    'ready.channel.loaded': (expected, kit) => {
      const { extras } = expected.context
      const chi = memberRows(kit).find((row) => row.getAttribute('aria-label') === CHI.name)
      if (chi) expect(within(chi).queryByText('Channel creator') !== null).toBe(extras!.creator === CHI._id)
      if (!isCreator(expected)) return
      if (extras!.labels.length > 0)
        expect(kit.screen.getByRole<HTMLSelectElement>('combobox', { name: 'Label' }).value).toBe(topicOf(expected).label_id ?? '')
      // The channel members not in the group yet, each once.
      const picker = within(kit.screen.getByRole('group', { name: 'Add members' }))
      const present = topicOf(expected).customers.map((m) => m._id)
      const candidates = extras!.members.filter((m) => !present.includes(m._id)).map((m) => m.name)
      if (candidates.length === 0)
        expect(
          picker.getByText(
            extras!.members.length ? 'Everyone in the channel is already here.' : 'Everyone in the channel is already here.',
          ),
        ).toBeTruthy()
      else expect(picker.getAllByRole('checkbox').map((box) => box.parentElement!.textContent)).toEqual(candidates)
    },
  },
})
