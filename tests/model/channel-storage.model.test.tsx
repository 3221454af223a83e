import { expect } from 'vitest'
import { within } from '@testing-library/react'
import type { StoragePage, StoredFile } from '../../contract/media'
import { channelStorageMachine, connect, type ChannelStorageSnapshot, type StorageScope } from '../../src/machines/channel-storage'
import { StoragePageView } from '../../src/ui/storage/storage-page'
import { listChild, listReports, playReport } from './support/paged-list'
import { describeModel, type ModelKit } from './support/run-model'
import { routed } from './support/routed'

/**
 * A chat's files, its trash, and a channel's files, as /chat/channel/{channel}/storage… render them.
 * The pages come from the scope's paged list (stubbed here: the test plays its reports).
 */

type Kit = ModelKit<typeof channelStorageMachine>
type S = ChannelStorageSnapshot

const file = (n: number, topic = 't-1', topicName = 'General'): StoredFile => ({
  _id: `f-${n}`,
  key: `k-${n}`,
  name: `file-${n}.pdf`,
  mime: 'application/pdf',
  size: 1024 * 1024 * n,
  kind: 'file',
  url: `/api/media/access?media_id=f-${n}`,
  thumb_url: null,
  width: null,
  height: null,
  topic_id: topic,
  topic_name: topicName,
  uploader: { _id: 'u-ann', name: 'Ann' },
  created_at: '2026-03-01T09:30:00.000Z',
  trashed_at: null,
})
const QUOTA = 1024 ** 3
const page = (items: StoredFile[]): StoragePage => ({ items, ...usageOf(items) })
const usageOf = (items: readonly StoredFile[]) => ({ used: items.reduce((sum, f) => sum + f.size, 0), quota: QUOTA })
/** A full first page (20 files): there may be more; the second repeats one of the first (a file came in between). */
const FIRST = page(Array.from({ length: 20 }, (_, i) => file(i + 1)))
const SECOND = page([file(20), file(21), file(22)])
const TRASH = page([
  { ...file(30), trashed_at: '2026-03-02T10:00:00.000Z' },
  { ...file(31), trashed_at: '2026-03-02T10:00:00.000Z' },
])
const CHANNEL = page([file(1), file(40, 't-2', '')])

const TOPIC_SCOPE: StorageScope = { channelId: 'ch-1', topicId: 't-1', trash: false }
const TRASH_SCOPE: StorageScope = { channelId: 'ch-1', topicId: 't-1', trash: true }
const CHANNEL_SCOPE: StorageScope = { channelId: 'ch-1', trash: false }

const view = routed(channelStorageMachine, (snapshot, send) => <StoragePageView {...connect(snapshot, send)} />)

const list = (kit: Kit) => kit.screen.queryByRole('list', { name: 'Files' })
const shownNames = (kit: Kit) =>
  list(kit)
    ? within(list(kit)!)
        .getAllByRole('listitem')
        .map((row) => row.getAttribute('aria-label'))
    : []
const rowButton = (kit: Kit, name: string) => kit.screen.getByRole<HTMLButtonElement>('button', { name })
const firstPageOf = (scope: StorageScope) => (scope.trash ? TRASH : scope.topicId ? FIRST : CHANNEL)
const filesOf = (s: S) => s.context.list.items
const isShown = (s: S) => ['idle', 'loadingMore', 'refreshing'].includes(s.context.list.state)
const actionOn = (s: S, type: 'TRASH' | 'RESTORE' | 'PURGE') => {
  const first = filesOf(s)[0]
  // One action per run, on the scope's first fixture file.
  return s.matches({ open: 'idle' }) &&
    s.context.list.state === 'idle' &&
    first &&
    [FIRST.items[0]!._id, TRASH.items[0]!._id].includes(first._id)
    ? [{ type, mediaId: first._id }]
    : []
}
const labelOf = {
  TRASH: (name: string) => `Move ${name} to trash`,
  RESTORE: (name: string) => `Restore ${name}`,
  PURGE: (name: string) => `Delete ${name} forever`,
}

describeModel({
  machine: channelStorageMachine,
  inputs: { chat: TOPIC_SCOPE, trash: TRASH_SCOPE, channel: CHANNEL_SCOPE },
  select: 'transitions',
  serializeState: (s) =>
    JSON.stringify({
      v: s.value,
      scope: s.context.scope,
      l: s.context.list.state,
      ids: filesOf(s)
        .map((f) => f._id)
        .join(','),
      more: s.context.list.more,
      le: s.context.list.error,
      a: s.context.acting,
      e: s.context.error,
    }),
  events: {
    // After an action the server's first page no longer has the file.
    LIST: (s) =>
      listReports(s.context.list, {
        first: [firstPageOf(s.context.scope).items],
        next: SECOND.items,
        refreshed: (files) => firstPageOf(s.context.scope).items.filter((f) => files.some((g) => g._id === f._id)),
        details: usageOf,
        failure: 'The next page was refused.',
      }),
    'xstate.done.actor.changeFile': [{ type: 'xstate.done.actor.changeFile', output: {} }],
    'xstate.error.actor.changeFile': [{ type: 'xstate.error.actor.changeFile', error: new Error('changeFile was refused.') }],
    // The route moves to another chat's files.
    OPEN: (s) =>
      s.context.scope.topicId === 't-1' && !s.context.scope.trash && s.context.list.state === 'loading'
        ? [{ type: 'OPEN', scope: { ...TOPIC_SCOPE, topicId: 't-2' } }]
        : [],
    TRASH: (s) => (s.context.scope.trash ? [] : actionOn(s, 'TRASH')),
    RESTORE: (s) => (s.context.scope.trash ? actionOn(s, 'RESTORE') : []),
    PURGE: (s) => (s.context.scope.trash ? actionOn(s, 'PURGE') : []),
    LOAD_MORE: (s) => (s.context.list.more && s.context.list.state === 'idle' ? [{ type: 'LOAD_MORE' }] : []),
    RETRY: (s) => (s.context.list.state === 'failed' ? [{ type: 'RETRY' }] : []),
  },
  render: view.render,
  ready: view.ready,
  callbackActors: ['list'],
  perform: {
    LIST: async (event, kit) => {
      const before = shownNames(kit)
      const next = (event as unknown as { list: S['context']['list'] }).list
      await playReport(event, kit)
      // The new files come after the shown ones, each file once.
      if (kit.previous.context.list.state === 'loadingMore' && next.error === null)
        expect(shownNames(kit)).toEqual([...before, ...SECOND.items.map((f) => f.name).filter((name) => !before.includes(name))])
    },
    OPEN: async (event, kit) => {
      const before = listChild(kit)
      await kit.send(event as never)
      // Another scope: its own list, from page 1; the one before stops.
      expect(before.stopped).toBe(true)
      expect(listChild(kit).input).toEqual({ query: (event as unknown as { scope: StorageScope }).scope })
    },
    LOAD_MORE: async (_, kit) => {
      await kit.user.click(kit.screen.getByRole('button', { name: 'Load more' }))
      expect(listChild(kit).received.at(-1)).toEqual({ type: 'LOAD_MORE' })
    },
    RETRY: async (_, kit) => {
      await kit.user.click(within(kit.screen.getByRole('alert')).getByRole('button', { name: 'Retry' }))
      expect(listChild(kit).received.at(-1)).toEqual({ type: 'RETRY' })
    },
    TRASH: async (event, kit) => {
      const name = filesOf(kit.previous).find((f) => f._id === (event as unknown as { mediaId: string }).mediaId)!.name
      await kit.user.click(rowButton(kit, labelOf.TRASH(name)))
    },
    RESTORE: async (event, kit) => {
      const name = filesOf(kit.previous).find((f) => f._id === (event as unknown as { mediaId: string }).mediaId)!.name
      await kit.user.click(rowButton(kit, labelOf.RESTORE(name)))
    },
    PURGE: async (event, kit) => {
      const name = filesOf(kit.previous).find((f) => f._id === (event as unknown as { mediaId: string }).mediaId)!.name
      // Deleting for good asks first, in place: Cancel does nothing.
      const question = () => kit.screen.getByRole('group', { name: `Confirm deleting ${name} forever` })
      await kit.user.click(rowButton(kit, labelOf.PURGE(name)))
      expect(question().textContent).toContain(`Delete ${name} for good? This cannot be undone.`)
      await kit.user.click(within(question()).getByRole('button', { name: 'Cancel' }))
      expect(kit.actor.getSnapshot().matches({ open: 'idle' })).toBe(true)
      expect(kit.screen.queryByRole('group', { name: `Confirm deleting ${name} forever` })).toBeNull()
      await kit.user.click(rowButton(kit, labelOf.PURGE(name)))
      await kit.user.click(within(question()).getByRole('button', { name: 'Yes, delete forever' }))
    },
    'xstate.done.actor.changeFile': async (_, kit) => {
      const { mediaId } = kit.pending('changeFile').input as { mediaId: string }
      const before = shownNames(kit)
      const name = filesOf(kit.previous).find((f) => f._id === mediaId)!.name
      await kit.resolve('changeFile', {})
      // Trashed from the list, or restored or deleted from the trash: the file leaves this list at
      // once, nothing else does; then the list loads its first page (and the usage) again.
      expect(shownNames(kit)).toEqual(before.filter((shown) => shown !== name))
      expect(listChild(kit).received.slice(-2)).toEqual([{ type: 'REMOVE', id: mediaId }, { type: 'REFRESH' }])
    },
  },
  states: {
    '*': (expected, kit) => {
      // The scope's list: GET media/storage for its channel, chat and trash.
      expect(listChild(kit).input).toEqual({ query: expected.context.scope })
      const { scope, list: files, error } = expected.context
      if (files.state === 'loading') {
        expect(kit.screen.getByRole('status').textContent).toBe('Loading files…')
        expect(list(kit)).toBeNull()
      }
      if (files.state === 'failed') {
        expect(kit.screen.getByRole('alert').textContent).toBe('Could not load the files.Retry')
        expect(list(kit)).toBeNull()
      }
      if (!isShown(expected)) return
      const heading = kit.screen.getByRole('heading', { level: 1 }).textContent
      expect(heading).toBe(
        scope.trash ? 'Trash' : scope.topicId && files.items[0] ? `Files in ${files.items[0].topic_name}` : 'Channel files',
      )
      const names = shownNames(kit)
      expect(new Set(names).size).toBe(names.length)
      expect(names).toEqual(files.items.map((f) => f.name))
      if (files.items.length === 0) expect(kit.screen.getByText(scope.trash ? 'The trash is empty.' : 'No files yet.')).toBeTruthy()
      // The usage page 1 said (of the first load, or of the refresh after an action).
      expect(kit.screen.getByRole('progressbar', { name: 'Storage used' }).getAttribute('value')).toBe(String(files.details!.used))
      // Files of several chats say which chat each is in.
      if (!scope.topicId)
        expect(within(list(kit)!).getByRole('link', { name: 'New Message' }).getAttribute('href')).toBe('/chat/channel/ch-1/storage/t-2')
      else expect(kit.screen.getByRole('link', { name: scope.trash ? 'Files' : 'Trash' })).toBeTruthy()
      // A trash has no downloads and no "to trash"; a list has no restore.
      if (scope.trash) expect(kit.screen.queryByRole('button', { name: /to trash$/ })).toBeNull()
      else expect(kit.screen.queryByRole('button', { name: /^Restore / })).toBeNull()
      if (error) expect(kit.screen.getByRole('alert').textContent).toBe(error)
      else expect(kit.screen.queryByRole('alert')).toBeNull()
      expect(kit.screen.queryByRole('button', { name: 'Load more' }) !== null).toBe(files.more)
      if (files.state === 'loadingMore') expect(rowButton(kit, 'Load more').disabled).toBe(true)
      // Loading page 1 again after an action: the file buttons wait.
      if (files.state === 'refreshing')
        for (const button of within(list(kit) ?? kit.container).queryAllByRole<HTMLButtonElement>('button'))
          expect(button.disabled).toBe(true)
    },
    'open.idle': (expected, kit) => {
      if (expected.context.list.state === 'idle')
        for (const button of kit.screen.queryAllByRole<HTMLButtonElement>('button')) expect(button.disabled).toBe(false)
    },
    'open.acting': (expected, kit) => {
      const acting = expected.context.acting!
      expect(kit.pending('changeFile').input).toEqual(acting)
      const name = filesOf(expected).find((f) => f._id === acting.mediaId)!.name
      const label =
        acting.action === 'trash' ? labelOf.TRASH(name) : acting.action === 'restore' ? labelOf.RESTORE(name) : labelOf.PURGE(name)
      expect(rowButton(kit, label).disabled).toBe(true)
    },
  },
})
