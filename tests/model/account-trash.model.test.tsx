import { expect, vi } from 'vitest'
import { within } from '@testing-library/react'
import type { TrashedFile } from '../../contract/pages'
import { accountTrashMachine, connect, type AccountTrashSnapshot } from '../../src/machines/account-trash'
import { TrashPageView } from '../../src/ui/account/trash-page'
import { describeModel, type ModelKit } from './support/run-model'

/** /account/trash: the user's trashed files across channels; restore, or delete for good. */

type Kit = ModelKit<typeof accountTrashMachine>
type S = AccountTrashSnapshot

const file = (n: number, channel: string | null = 'Design'): TrashedFile => ({
  _id: `f-${n}`,
  key: `k-${n}`,
  name: `file-${n}.pdf`,
  mime: 'application/pdf',
  size: 1024 * n,
  kind: 'file',
  url: `/api/media/access?k=${n}`,
  thumb_url: null,
  width: null,
  height: null,
  topic_id: 't-1',
  topic_name: 'General',
  channel_id: channel ? 'ch-1' : null,
  channel_name: channel,
  uploader: { _id: 'u-me', name: 'Me' },
  created_at: '2026-03-01T09:00:00.000Z',
  trashed_at: '2026-03-02T09:00:00.000Z',
})
/** A full first page (there may be more), a second page repeating one file, and a trash of one file. */
const FULL = Array.from({ length: 20 }, (_, i) => file(i + 1, i % 2 ? null : 'Design'))
const SECOND = [file(20), file(21)]
const ONE = [file(40)]

const list = (kit: Kit) => kit.screen.queryByRole('list', { name: 'Trashed files' })
const shown = (kit: Kit) =>
  list(kit)
    ? within(list(kit)!)
        .getAllByRole('listitem')
        .map((li) => li.getAttribute('aria-label'))
    : []
const nameOf = (s: S, id: string) => s.context.files.find((f) => f._id === id)!.name
/** One action per run, on the first fixture file (the graph stays small): none once a file left the list. */
const firstId = (s: S) =>
  s.matches({ ready: 'idle' }) && ['f-1', 'f-40'].includes(s.context.files[0]?._id ?? '') ? [{ mediaId: s.context.files[0]!._id }] : []

describeModel({
  machine: accountTrashMachine,
  select: 'transitions',
  serializeState: (s) =>
    JSON.stringify({
      v: s.value,
      ids: s.context.files.map((f) => f._id).join(','),
      more: s.context.more,
      a: s.context.acting,
      e: s.context.error,
    }),
  events: {
    'xstate.done.actor.loadPage': [
      { type: 'xstate.done.actor.loadPage', output: FULL },
      { type: 'xstate.done.actor.loadPage', output: ONE },
      { type: 'xstate.done.actor.loadPage', output: [] },
    ],
    'xstate.done.actor.loadMore': [{ type: 'xstate.done.actor.loadMore', output: SECOND }],
    'xstate.done.actor.restoreFile': [{ type: 'xstate.done.actor.restoreFile', output: {} }],
    'xstate.done.actor.deleteFile': [{ type: 'xstate.done.actor.deleteFile', output: {} }],
    ...Object.fromEntries(
      ['loadPage', 'loadMore', 'restoreFile', 'deleteFile'].map((id) => [
        `xstate.error.actor.${id}`,
        [{ type: `xstate.error.actor.${id}`, error: new Error(`${id} was refused.`) }],
      ]),
    ),
    RESTORE: (s) => firstId(s).map((e) => ({ type: 'RESTORE', ...e })),
    DELETE: (s) => firstId(s).map((e) => ({ type: 'DELETE', ...e })),
    LOAD_MORE: (s) => (s.context.more ? [{ type: 'LOAD_MORE' }] : []),
  },
  render: (snapshot, send) => <TrashPageView {...connect(snapshot, send)} />,
  perform: {
    RETRY: async (_, kit) => {
      await kit.user.click(within(kit.screen.getByRole('alert')).getByRole('button', { name: 'Retry' }))
    },
    LOAD_MORE: async (_, kit) => {
      await kit.user.click(kit.screen.getByRole('button', { name: 'Load more' }))
    },
    RESTORE: async (event, kit) => {
      await kit.user.click(
        kit.screen.getByRole('button', { name: `Restore ${nameOf(kit.previous, (event as unknown as { mediaId: string }).mediaId)}` }),
      )
    },
    DELETE: async (event, kit) => {
      const name = nameOf(kit.previous, (event as unknown as { mediaId: string }).mediaId)
      // Deleting for good asks first: a "no" does nothing.
      const confirm = vi.spyOn(window, 'confirm').mockReturnValueOnce(false).mockReturnValueOnce(true)
      await kit.user.click(kit.screen.getByRole('button', { name: `Delete ${name} forever` }))
      expect(kit.actor.getSnapshot().matches({ ready: 'idle' })).toBe(true)
      await kit.user.click(kit.screen.getByRole('button', { name: `Delete ${name} forever` }))
      expect(confirm).toHaveBeenCalledWith(`Delete ${name} for good? This cannot be undone.`)
      confirm.mockRestore()
    },
    'xstate.done.actor.loadMore': async (_, kit) => {
      const before = shown(kit)
      await kit.resolve('loadMore', SECOND)
      expect(shown(kit)).toEqual([...before, ...SECOND.map((f) => f.name).filter((n) => !before.includes(n))])
    },
  },
  states: {
    loading: (_, kit) => {
      expect(kit.screen.getByRole('status').textContent).toBe('Loading the trash…')
      expect(kit.pending('loadPage').input).toEqual({ page: 1 })
    },
    failed: (_, kit) => {
      expect(kit.screen.getByRole('alert').textContent).toBe('Could not load the trash.Retry')
    },
    empty: (_, kit) => {
      expect(kit.screen.getByText('The trash is empty.')).toBeTruthy()
      expect(list(kit)).toBeNull()
    },
    ready: (expected, kit) => {
      const names = shown(kit)
      expect(new Set(names).size).toBe(names.length)
      expect(names).toEqual(expected.context.files.map((f) => f.name))
      // Where each file was: its channel and chat, or a private chat.
      const first = expected.context.files[0]!
      expect(
        within(within(list(kit)!).getAllByRole('listitem')[0]!).getByText(
          new RegExp(first.channel_name ? `${first.channel_name} · General` : 'Private chat'),
        ),
      ).toBeTruthy()
      expect(kit.screen.queryByRole('button', { name: 'Load more' }) !== null).toBe(expected.context.more)
      if (expected.context.error) expect(kit.screen.getByRole('alert').textContent).toBe(expected.context.error)
      else expect(kit.screen.queryByRole('alert')).toBeNull()
    },
    'ready.idle': (_, kit) => {
      for (const b of kit.screen.queryAllByRole<HTMLButtonElement>('button')) expect(b.disabled).toBe(false)
    },
    'ready.restoring': (expected, kit) => {
      expect(kit.pending('restoreFile').input).toEqual(expected.context.acting)
      expect(
        kit.screen.getByRole<HTMLButtonElement>('button', { name: `Restore ${nameOf(expected, expected.context.acting!.mediaId)}` })
          .disabled,
      ).toBe(true)
    },
    'ready.deleting': (expected, kit) => {
      expect(kit.pending('deleteFile').input).toEqual(expected.context.acting)
      expect(
        kit.screen.getByRole<HTMLButtonElement>('button', { name: `Delete ${nameOf(expected, expected.context.acting!.mediaId)} forever` })
          .disabled,
      ).toBe(true)
    },
    'ready.loadingMore': (_, kit) => {
      expect(kit.pending('loadMore').input).toEqual({ page: 2 })
      expect(kit.screen.getByRole<HTMLButtonElement>('button', { name: 'Load more' }).disabled).toBe(true)
    },
  },
})
