import { describe, expect, it } from 'vitest'
import { createActor, fromPromise, waitFor } from 'xstate'
import type { StoragePage, StoredFile } from '../../../contract/media'
import { channelStorageMachine, connect, type StorageScope } from '../../../src/machines/channel-storage'
import type { FileActionInput, StoragePageInput } from '../../../src/machines/channel-storage/channel-storage.types'
import { withPages } from '../../../src/machines/paged-list'
import { storedFile } from '../../support/stored-files'

/** The guards that pick which file actions and which OPENs count, and the busy row, beside what the generated paths reach. */

const file = (n: number, trashed = false) => storedFile(n, { size: 1000, trashed_at: trashed ? '2026-03-02T10:00:00.000Z' : null })
const page = (items: StoredFile[]): StoragePage => ({ items, used: 3000, quota: 10_000 })

function start(
  scope: StorageScope,
  pages: StoredFile[][] = [[file(1), file(2), file(3)]],
  change: () => Promise<unknown> = async () => ({}),
) {
  const loads: StoragePageInput[] = []
  const actions: FileActionInput[] = []
  const queue = [...pages]
  const actor = createActor(
    channelStorageMachine.provide({
      actors: {
        list: withPages(async (input: StoragePageInput) => {
          loads.push(input)
          return page(queue.shift() ?? [])
        }),
        changeFile: fromPromise<unknown, FileActionInput>(async ({ input }) => {
          actions.push(input)
          return change()
        }),
      },
    }),
    { input: scope },
  ).start()
  const idle = () => waitFor(actor, (s) => s.matches({ open: 'idle' }) && s.context.list.state === 'idle')
  return { actor, loads, actions, idle }
}

describe('channel storage machine', () => {
  it('does not load again when OPEN names the same scope, a missing chat id being the same as none', async () => {
    const { actor, loads, idle } = start({ channelId: 'ch-1', trash: false })
    await idle()
    actor.send({ type: 'OPEN', scope: { channelId: 'ch-1', trash: false } })
    actor.send({ type: 'OPEN', scope: { channelId: 'ch-1', topicId: undefined, trash: false } })
    expect(actor.getSnapshot().matches({ open: 'idle' }) && actor.getSnapshot().context.list.state === 'idle').toBe(true)
    expect(loads).toHaveLength(1)
  })

  it.each([
    ['another channel', { channelId: 'ch-2', trash: false }],
    ['one of its chats', { channelId: 'ch-1', topicId: 't-1', trash: false }],
    ['its trash', { channelId: 'ch-1', trash: true }],
  ] as const)('loads again, from a clean list, when OPEN names %s', async (_, scope) => {
    const { actor, loads, idle } = start({ channelId: 'ch-1', trash: false }, [[file(1)], [file(9)]])
    await idle()
    actor.send({ type: 'OPEN', scope })
    expect(actor.getSnapshot().context.list.state).toBe('loading')
    expect(actor.getSnapshot().context.list.items).toEqual([])
    await idle()
    expect(loads).toEqual([
      { channelId: 'ch-1', trash: false, page: 1 },
      { ...scope, page: 1 },
    ])
    expect(actor.getSnapshot().context.list.items.map((f) => f._id)).toEqual(['f-9'])
  })

  it('moves to the trash only a file of the list, and restores or purges only in the trash', async () => {
    const files = start({ channelId: 'ch-1', trash: false })
    await files.idle()
    files.actor.send({ type: 'TRASH', mediaId: 'f-404' })
    files.actor.send({ type: 'RESTORE', mediaId: 'f-1' })
    files.actor.send({ type: 'PURGE', mediaId: 'f-1' })
    expect(files.actions).toEqual([])
    files.actor.send({ type: 'TRASH', mediaId: 'f-2' })
    await files.idle()
    expect(files.actions).toEqual([{ action: 'trash', mediaId: 'f-2' }])

    const trash = start({ channelId: 'ch-1', trash: true }, [[file(1, true), file(2, true)], [file(1, true)]])
    await trash.idle()
    trash.actor.send({ type: 'TRASH', mediaId: 'f-1' })
    trash.actor.send({ type: 'RESTORE', mediaId: 'f-404' })
    trash.actor.send({ type: 'PURGE', mediaId: 'f-404' })
    expect(trash.actions).toEqual([])
    trash.actor.send({ type: 'PURGE', mediaId: 'f-2' })
    await trash.idle()
    trash.actor.send({ type: 'RESTORE', mediaId: 'f-1' })
    await trash.idle()
    expect(trash.actions).toEqual([
      { action: 'purge', mediaId: 'f-2' },
      { action: 'restore', mediaId: 'f-1' },
    ])
  })

  it('marks busy only the row whose action runs, and drops that file alone when it is done', async () => {
    let finish!: () => void
    const { actor, idle } = start(
      { channelId: 'ch-1', trash: false },
      [
        [file(1), file(2), file(3)],
        [file(1), file(3)],
      ],
      () => new Promise((resolve) => (finish = () => resolve({}))),
    )
    await idle()
    actor.send({ type: 'TRASH', mediaId: 'f-2' })
    expect(connect(actor.getSnapshot(), () => undefined).rows.map((row) => [row.file._id, row.busy])).toEqual([
      ['f-1', false],
      ['f-2', true],
      ['f-3', false],
    ])
    finish()
    await waitFor(actor, (s) => s.context.list.state === 'refreshing')
    expect(actor.getSnapshot().context.list.items.map((f) => f._id)).toEqual(['f-1', 'f-3'])
    await idle()
    expect(connect(actor.getSnapshot(), () => undefined).rows.every((row) => !row.busy)).toBe(true)
  })

  it('asks for more only after a full page, and appends a page without the files it already shows', async () => {
    const full = Array.from({ length: 20 }, (_, i) => file(i + 1))
    const { actor, loads, idle } = start({ channelId: 'ch-1', trash: false }, [full, [file(20), file(21)]])
    await idle()
    expect(connect(actor.getSnapshot(), () => undefined).hasMore).toBe(true)
    actor.send({ type: 'LOAD_MORE' })
    await idle()
    expect(loads.map((l) => l.page)).toEqual([1, 2])
    const ids = actor.getSnapshot().context.list.items.map((f) => f._id)
    expect(ids).toHaveLength(21)
    expect(new Set(ids).size).toBe(21)
    expect(ids.at(-1)).toBe('f-21')
    expect(connect(actor.getSnapshot(), () => undefined).hasMore).toBe(false)
    actor.send({ type: 'LOAD_MORE' })
    expect(actor.getSnapshot().matches({ open: 'idle' }) && actor.getSnapshot().context.list.state === 'idle').toBe(true)
    expect(loads).toHaveLength(2)
  })
})
