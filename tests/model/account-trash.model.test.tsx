import { expect } from 'vitest'
import { within } from '@testing-library/react'
import type { TrashedFile } from '../../contract/pages'
import { accountTrashMachine, connect, type AccountTrashSnapshot } from '../../src/machines/account-trash'
import { TrashPageView } from '../../src/ui/account/trash-page'
import { listChild, listReports, playReport } from './support/paged-list'
import { describeModel, type ModelKit } from './support/run-model'
import { storedFile } from '../support/stored-files'

/**
 * /account/trash: the user's trashed files across channels; restore, or delete for good. The
 * pages come from its paged list (stubbed here: the test plays its reports).
 */

type Kit = ModelKit<typeof accountTrashMachine>
type S = AccountTrashSnapshot

const file = (n: number, channel: string | null = 'Design'): TrashedFile => ({
  ...storedFile(n, {
    url: `/api/media/access?k=${n}`,
    uploader: { _id: 'u-me', name: 'Me' },
    created_at: '2026-03-01T09:00:00.000Z',
    trashed_at: '2026-03-02T09:00:00.000Z',
  }),
  channel_id: channel ? 'ch-1' : null,
  channel_name: channel,
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
const nameOf = (s: S, id: string) => s.context.list.items.find((f) => f._id === id)!.name
/** One action per run, on the first fixture file (the graph stays small): none once a file left the list. */
const firstId = (s: S) =>
  s.matches('idle') && s.context.list.state === 'idle' && ['f-1', 'f-40'].includes(s.context.list.items[0]?._id ?? '')
    ? [{ mediaId: s.context.list.items[0]!._id }]
    : []
const isShown = (s: S) => ['idle', 'loadingMore', 'refreshing'].includes(s.context.list.state)

describeModel({
  machine: accountTrashMachine,
  select: 'transitions',
  serializeState: (s) =>
    JSON.stringify({
      v: s.value,
      l: s.context.list.state,
      ids: s.context.list.items.map((f) => f._id).join(','),
      more: s.context.list.more,
      le: s.context.list.error,
      a: s.context.acting,
      e: s.context.error,
    }),
  events: {
    LIST: (s) => listReports(s.context.list, { first: [FULL, ONE, []], next: SECOND, failure: 'loadMore was refused.' }),
    'xstate.done.actor.changeFile': [{ type: 'xstate.done.actor.changeFile', output: {} }],
    'xstate.error.actor.changeFile': [{ type: 'xstate.error.actor.changeFile', error: new Error('changeFile was refused.') }],
    RESTORE: (s) => firstId(s).map((e) => ({ type: 'RESTORE', ...e })),
    DELETE: (s) => firstId(s).map((e) => ({ type: 'DELETE', ...e })),
    LOAD_MORE: (s) => (s.context.list.more && s.context.list.state === 'idle' ? [{ type: 'LOAD_MORE' }] : []),
    RETRY: (s) => (s.context.list.state === 'failed' ? [{ type: 'RETRY' }] : []),
  },
  render: (snapshot, send) => <TrashPageView {...connect(snapshot, send)} />,
  callbackActors: ['list'],
  perform: {
    LIST: async (event, kit) => {
      const before = shown(kit)
      const next = (event as unknown as { list: S['context']['list'] }).list
      await playReport(event, kit)
      // A next page comes after the files shown, each file once.
      if (kit.previous.context.list.state === 'loadingMore' && next.error === null)
        expect(shown(kit)).toEqual([...before, ...SECOND.map((f) => f.name).filter((n) => !before.includes(n))])
    },
    RETRY: async (_, kit) => {
      await kit.user.click(within(kit.screen.getByRole('alert')).getByRole('button', { name: 'Retry' }))
      expect(listChild(kit).received.at(-1)).toEqual({ type: 'RETRY' })
    },
    LOAD_MORE: async (_, kit) => {
      await kit.user.click(kit.screen.getByRole('button', { name: 'Load more' }))
      expect(listChild(kit).received.at(-1)).toEqual({ type: 'LOAD_MORE' })
    },
    RESTORE: async (event, kit) => {
      await kit.user.click(
        kit.screen.getByRole('button', { name: `Restore ${nameOf(kit.previous, (event as unknown as { mediaId: string }).mediaId)}` }),
      )
    },
    DELETE: async (event, kit) => {
      const name = nameOf(kit.previous, (event as unknown as { mediaId: string }).mediaId)
      // Deleting for good asks first, in place: Cancel does nothing.
      const question = () => kit.screen.getByRole('group', { name: `Confirm deleting ${name} forever` })
      await kit.user.click(kit.screen.getByRole('button', { name: `Delete ${name} forever` }))
      expect(question().textContent).toContain(`Delete ${name} for good? This cannot be undone.`)
      await kit.user.click(within(question()).getByRole('button', { name: 'Cancel' }))
      expect(kit.actor.getSnapshot().matches('idle')).toBe(true)
      expect(kit.screen.queryByRole('group', { name: `Confirm deleting ${name} forever` })).toBeNull()
      await kit.user.click(kit.screen.getByRole('button', { name: `Delete ${name} forever` }))
      await kit.user.click(within(question()).getByRole('button', { name: 'Yes, delete forever' }))
    },
    'xstate.done.actor.changeFile': async (_, kit) => {
      const { mediaId } = kit.pending('changeFile').input as { mediaId: string }
      const name = nameOf(kit.previous, mediaId)
      const before = shown(kit)
      await kit.resolve('changeFile', {})
      // Restored or deleted: the file leaves the list at once, nothing else does, and the list is told.
      expect(shown(kit)).toEqual(before.length === 1 ? [] : before.filter((n) => n !== name))
      expect(listChild(kit).received.at(-1)).toEqual({ type: 'REMOVE', id: mediaId })
    },
  },
  states: {
    '*': (expected, kit) => {
      // The trash's list: every page of GET media/my-trash, whoever's channel.
      expect(listChild(kit).input).toEqual({ query: {} })
      const { list: trash, error } = expected.context
      if (trash.state === 'loading') {
        expect(kit.screen.getByRole('status').textContent).toBe('Loading the trash…')
        expect(list(kit)).toBeNull()
      }
      if (trash.state === 'failed') expect(kit.screen.getByRole('alert').textContent).toBe('Could not load the trash.Retry')
      if (isShown(expected) && trash.items.length === 0) {
        expect(kit.screen.getByText('The trash is empty.')).toBeTruthy()
        expect(list(kit)).toBeNull()
        expect(kit.screen.queryByRole('button', { name: 'Load more' })).toBeNull()
      }
      if (isShown(expected) && trash.items.length > 0) {
        const names = shown(kit)
        expect(new Set(names).size).toBe(names.length)
        expect(names).toEqual(trash.items.map((f) => f.name))
        // Where each file was: its channel and chat, or a private chat.
        const first = trash.items[0]!
        expect(
          within(within(list(kit)!).getAllByRole('listitem')[0]!).getByText(
            new RegExp(first.channel_name ? `${first.channel_name} · General` : 'Private chat'),
          ),
        ).toBeTruthy()
        expect(kit.screen.queryByRole('button', { name: 'Load more' }) !== null).toBe(trash.more)
        if (error) expect(kit.screen.getByRole('alert').textContent).toBe(error)
        else expect(kit.screen.queryByRole('alert')).toBeNull()
      }
      if (trash.state === 'loadingMore')
        expect(kit.screen.getByRole<HTMLButtonElement>('button', { name: 'Load more' }).disabled).toBe(true)
    },
    idle: (expected, kit) => {
      if (expected.context.list.state === 'idle')
        for (const b of kit.screen.queryAllByRole<HTMLButtonElement>('button')) expect(b.disabled).toBe(false)
    },
    acting: (expected, kit) => {
      const { action, mediaId } = expected.context.acting!
      expect(kit.pending('changeFile').input).toEqual(expected.context.acting)
      const name = nameOf(expected, mediaId)
      expect(
        kit.screen.getByRole<HTMLButtonElement>('button', { name: action === 'restore' ? `Restore ${name}` : `Delete ${name} forever` })
          .disabled,
      ).toBe(true)
    },
  },
})
