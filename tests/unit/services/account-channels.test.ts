import { beforeEach, describe, expect, it, vi } from 'vitest'
import { createActor, waitFor } from 'xstate'
import type { Channel } from '../../../contract/channel'

const calls = vi.hoisted(() => ({ list: [] as string[], fail: new Set<string>() }))
const channel = (_id: string, role: number) => ({ _id, name: _id, role }) as Channel
vi.mock('../../../src/services/api/channel', () => ({
  myChannels: async () => {
    calls.list.push('myChannels')
    if (calls.fail.has('myChannels')) throw new Error('Server Error')
    return [channel('ch-owned', 40), channel('ch-admin', 30), channel('ch-member', 20)]
  },
}))
vi.mock('../../../src/services/api/customer', () => ({
  switchChannel: async (channelId: string) => {
    calls.list.push(`switchChannel ${channelId}`)
    if (calls.fail.has('switchChannel')) throw new Error('Server Error')
    return {}
  },
}))
const sent = vi.hoisted(() => [] as unknown[])
vi.mock('../../../src/services/session', () => ({ sendSession: (event: unknown) => sent.push(event) }))

const { appAccountChannelsMachine } = await import('../../../src/services/account-channels')
const { connect } = await import('../../../src/machines/account-channels')

/** What the switcher and the create modal show (connect's data, without its handlers). */
const shown = (snapshot: Parameters<typeof connect>[0]) => {
  const { switcher, createModal } = connect(snapshot, () => {})
  return {
    switcher: { channels: switcher.channels, failed: switcher.failed, switching: switcher.switching },
    createModal: createModal ? { administeredChannels: createModal.administeredChannels } : null,
  }
}

beforeEach(() => {
  calls.list.length = 0
  calls.fail.clear()
  sent.length = 0
})

const opened = async () => {
  const actor = createActor(appAccountChannelsMachine).start()
  actor.send({ type: 'DRAWER_OPENED' })
  await waitFor(actor, (s) => !s.matches({ list: { open: { data: 'loading' } } }))
  return actor
}

describe('the app account channels machine', () => {
  it('loads GET channel/my-channel when the drawer opens; the create modal counts the channels the user administers', async () => {
    const loading = createActor(appAccountChannelsMachine).start()
    loading.send({ type: 'DRAWER_OPENED' })
    // Not before the list is loaded: the quota needs it.
    loading.send({ type: 'CREATE' })
    expect(shown(loading.getSnapshot())).toEqual({ switcher: { channels: null, failed: false, switching: null }, createModal: null })
    loading.stop()
    calls.list.length = 0

    const actor = await opened()
    expect(calls.list).toEqual(['myChannels'])
    expect(shown(actor.getSnapshot())).toEqual({
      switcher: { channels: [channel('ch-owned', 40), channel('ch-admin', 30), channel('ch-member', 20)], failed: false, switching: null },
      createModal: null,
    })
    actor.send({ type: 'CREATE' })
    expect(shown(actor.getSnapshot()).createModal).toEqual({ administeredChannels: 2 })
  })

  it('a page’s Create a channel (the drawer shut) loads the list, then shows the modal with the count; a failed list shows nothing', async () => {
    const actor = createActor(appAccountChannelsMachine).start()
    actor.send({ type: 'CREATE_FROM_PAGE' })
    // Not before the quota's count is known.
    expect(shown(actor.getSnapshot()).createModal).toBeNull()
    await waitFor(actor, (s) => connect(s, () => {}).createModal !== null)
    expect(calls.list).toEqual(['myChannels'])
    expect(shown(actor.getSnapshot()).createModal).toEqual({ administeredChannels: 2 })
    actor.send({ type: 'CREATE_CLOSED' })
    expect(actor.getSnapshot().matches({ list: 'closed' })).toBe(true)

    calls.fail.add('myChannels')
    actor.send({ type: 'CREATE_FROM_PAGE' })
    await waitFor(actor, (s) => s.matches({ list: 'closed' }))
    expect(calls.list).toEqual(['myChannels', 'myChannels'])
    expect(shown(actor.getSnapshot()).createModal).toBeNull()
  })

  it('a switch saves the current channel, has the session fetch the user again and reloads the list', async () => {
    const actor = await opened()
    actor.send({ type: 'SWITCH', channelId: 'ch-member' })
    expect(shown(actor.getSnapshot()).switcher.switching).toBe('ch-member')
    // A second switch while one runs is ignored.
    actor.send({ type: 'SWITCH', channelId: 'ch-admin' })
    await waitFor(actor, (s) => s.matches({ switch: 'idle', list: { open: { data: 'loaded' } } }))
    expect(calls.list).toEqual(['myChannels', 'switchChannel ch-member', 'myChannels'])
    expect(sent).toEqual([{ type: 'REFRESH_USER' }])
  })

  it('a failed switch keeps the current channel; a failed list says so until Retry loads it', async () => {
    calls.fail.add('myChannels')
    const actor = await opened()
    expect(shown(actor.getSnapshot()).switcher).toEqual({ channels: null, failed: true, switching: null })
    calls.fail.clear()
    actor.send({ type: 'RETRY' })
    await waitFor(actor, (s) => s.matches({ list: { open: { data: 'loaded' } } }))

    calls.fail.add('switchChannel')
    actor.send({ type: 'SWITCH', channelId: 'ch-member' })
    await waitFor(actor, (s) => s.matches({ switch: 'idle' }))
    expect(calls.list).toEqual(['myChannels', 'myChannels', 'switchChannel ch-member'])
    expect(sent).toEqual([])
    expect(shown(actor.getSnapshot()).switcher.switching).toBeNull()
  })
})
