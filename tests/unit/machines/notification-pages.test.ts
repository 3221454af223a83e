import { describe, expect, it } from 'vitest'
import { createActor, fromPromise, waitFor } from 'xstate'
import { connect, notificationPagesMachine, type LoadPageInput, type LoadPageOutput } from '../../../src/machines/notification-pages'

/** A page of `count` notifications (only the count matters to the paging rules). */
const pageOf = (count: number) => Array.from({ length: count }, (_, i) => ({ _id: `n${i}` })) as unknown as LoadPageOutput

function start(pageSizes: number[]) {
  const asked: number[] = []
  const delivered: number[] = []
  const actor = createActor(
    notificationPagesMachine.provide({
      actors: {
        loadPage: fromPromise<LoadPageOutput, LoadPageInput>(async ({ input }) => {
          asked.push(input.page)
          return pageOf(pageSizes[input.page - 1] ?? 0)
        }),
      },
      actions: { deliver: (_, params: { items: unknown[] }) => void delivered.push(params.items.length) },
    }),
  ).start()
  return { actor, asked, delivered }
}

describe('notification-pages machine', () => {
  it('keeps loading while a page holds exactly 20, and stops after a shorter one', async () => {
    const { actor, asked, delivered } = start([20, 20, 7])
    actor.send({ type: 'LOAD_MORE' })
    await waitFor(actor, (s) => s.matches('loaded'))
    actor.send({ type: 'LOAD_MORE' })
    await waitFor(actor, (s) => s.matches('loaded'))
    actor.send({ type: 'LOAD_MORE' })
    await waitFor(actor, (s) => s.matches('exhausted'))
    actor.send({ type: 'LOAD_MORE' })
    expect(actor.getSnapshot().value).toBe('exhausted')
    expect(asked).toEqual([1, 2, 3])
    expect(delivered).toEqual([20, 20, 7])
  })

  it('an empty first page leaves nothing more to load', async () => {
    const { actor, delivered } = start([])
    actor.send({ type: 'LOAD_MORE' })
    await waitFor(actor, (s) => s.matches('exhausted'))
    expect(delivered).toEqual([0])
  })

  it('a page of 19 is the last one', async () => {
    const { actor } = start([19])
    actor.send({ type: 'LOAD_MORE' })
    await waitFor(actor, (s) => !s.matches('loading'))
    expect(actor.getSnapshot().value).toBe('exhausted')
  })

  it('connect: another page may follow only after a full page; its handlers send LOAD_MORE and RETRY', async () => {
    const { actor } = start([20, 3])
    const sent: string[] = []
    const props = () => connect(actor.getSnapshot(), (e) => sent.push(e.type))
    expect(props()).toMatchObject({ status: 'idle', hasMore: false })
    actor.send({ type: 'LOAD_MORE' })
    expect(props()).toMatchObject({ status: 'loading', hasMore: false })
    await waitFor(actor, (s) => s.matches('loaded'))
    expect(props()).toMatchObject({ status: 'loaded', hasMore: true })
    actor.send({ type: 'LOAD_MORE' })
    await waitFor(actor, (s) => s.matches('exhausted'))
    expect(props()).toMatchObject({ status: 'exhausted', hasMore: false })
    props().onLoadMore()
    props().onRetry()
    expect(sent).toEqual(['LOAD_MORE', 'RETRY'])
  })

  it('a failed page may be asked again, by Retry or by scrolling on', async () => {
    let fail = true
    const actor = createActor(
      notificationPagesMachine.provide({
        actors: {
          loadPage: fromPromise<LoadPageOutput, LoadPageInput>(async () => {
            if (fail) throw new Error('offline')
            return pageOf(20)
          }),
        },
      }),
    ).start()
    actor.send({ type: 'LOAD_MORE' })
    await waitFor(actor, (s) => s.matches('failed'))
    expect(connect(actor.getSnapshot(), () => {}).hasMore).toBe(false)
    fail = false
    actor.send({ type: 'RETRY' })
    await waitFor(actor, (s) => s.matches('loaded'))
    expect(actor.getSnapshot().context.page).toBe(1)
  })
})
