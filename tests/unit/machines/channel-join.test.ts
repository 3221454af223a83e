import { describe, expect, it } from 'vitest'
import { createActor, fromPromise, waitFor } from 'xstate'
import type { ChannelInfo } from '../../../contract/channel'
import { ROLES } from '../../../contract'
import { channelJoinMachine, connect, type JoinChannelInput } from '../../../src/machines/channel-join'
import { channelInfo } from '../../support/channel-info'

/**
 * Who may join from the public channel page, and when the page loads again: the cases the
 * generated paths reach only with the one visitor they model. Expected values are the product's
 * rules (a visitor must log in; a member does not join again; a private channel needs its password).
 */
const channel = channelInfo

async function shown(info: ChannelInfo, loggedIn = true) {
  const loads: string[] = []
  const joins: JoinChannelInput[] = []
  const machine = channelJoinMachine.provide({
    actors: {
      loadChannel: fromPromise<ChannelInfo, { channelId: string }>(async ({ input }) => {
        loads.push(input.channelId)
        return info
      }),
      joinChannel: fromPromise<unknown, JoinChannelInput>(async ({ input }) => void joins.push(input)),
    },
    actions: { openChats: () => {} },
  })
  const actor = createActor(machine, { input: { channelId: info._id, loggedIn } }).start()
  await waitFor(actor, (s) => s.matches('shown'))
  return { actor, loads, joins }
}

describe('channelJoin', () => {
  it('a visitor who is not logged in cannot join', async () => {
    const { actor, joins } = await shown(channel(), false)
    actor.send({ type: 'JOIN' })
    expect(actor.getSnapshot().matches({ shown: 'idle' })).toBe(true)
    expect(joins).toEqual([])
  })

  it('a member does not join again', async () => {
    const { actor, joins } = await shown(channel({ role: ROLES.member }))
    actor.send({ type: 'JOIN' })
    expect(actor.getSnapshot().matches({ shown: 'idle' })).toBe(true)
    expect(joins).toEqual([])
    expect(connect(actor.getSnapshot(), () => {}).member).toEqual({ channelId: 'ch-1', myRole: ROLES.member })
  })

  it('a private channel needs its password, and only it is sent', async () => {
    const { actor, joins } = await shown(channel({ is_public: false }))
    actor.send({ type: 'JOIN' })
    expect(joins).toEqual([])
    actor.send({ type: 'PASSWORD_CHANGED', password: 's3cret' })
    actor.send({ type: 'JOIN' })
    await waitFor(actor, (s) => s.matches('joined'))
    expect(joins).toEqual([{ channelId: 'ch-1', password: 's3cret' }])
  })

  it('a public channel joins without a password', async () => {
    const { actor, joins } = await shown(channel())
    actor.send({ type: 'JOIN' })
    await waitFor(actor, (s) => s.matches('joined'))
    expect(joins).toEqual([{ channelId: 'ch-1' }])
  })

  it('OPEN loads again only for another channel or a change of session', async () => {
    const { actor, loads } = await shown(channel())
    actor.send({ type: 'PASSWORD_CHANGED', password: 'typed' })
    actor.send({ type: 'OPEN', channelId: 'ch-1', loggedIn: true })
    expect(actor.getSnapshot().matches('shown')).toBe(true)
    expect(actor.getSnapshot().context.password).toBe('typed')
    actor.send({ type: 'OPEN', channelId: 'ch-1', loggedIn: false })
    expect(actor.getSnapshot().matches('loading')).toBe(true)
    expect(actor.getSnapshot().context.password).toBe('')
    await waitFor(actor, (s) => s.matches('shown'))
    actor.send({ type: 'OPEN', channelId: 'ch-2', loggedIn: false })
    expect(actor.getSnapshot().matches('loading')).toBe(true)
    expect(loads).toEqual(['ch-1', 'ch-1', 'ch-2'])
  })

  it('the page says loading, then shows the channel', async () => {
    const { actor } = await shown(channel())
    expect(connect(actor.getSnapshot(), () => {}).status).toBe('shown')
    actor.send({ type: 'OPEN', channelId: 'ch-9', loggedIn: true })
    const props = connect(actor.getSnapshot(), () => {})
    expect(props).toMatchObject({ status: 'loading', channel: null, member: null })
  })
})
