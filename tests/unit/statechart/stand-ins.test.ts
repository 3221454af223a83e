// @vitest-environment node
import { describe, expect, it } from 'vitest'
import { assign, createActor, sendTo, setup, type EventObject } from 'xstate'
import { callbackStandIn, promiseStandIn, type CallbackCall, type PendingCall } from '../../../src/devtools/statecharts/stand-ins'

const tick = () => new Promise((r) => setTimeout(r, 0))

const saver = setup({
  types: { context: {} as { saved: unknown; failed: unknown } },
  actors: {
    save: promiseStandIn('save', { started: () => {} }),
    listen: callbackStandIn('listen', () => {}),
  },
}).createMachine({
  id: 'saver',
  context: { saved: null, failed: null },
  initial: 'idle',
  states: {
    idle: { on: { SAVE: 'saving', LISTEN: 'listening' } },
    saving: {
      invoke: {
        id: 'saving',
        src: 'save',
        input: { text: 'hi' },
        onDone: { target: 'idle', actions: assign({ saved: ({ event }) => event.output }) },
        onError: { target: 'idle', actions: assign({ failed: ({ event }) => event.error }) },
      },
      on: { CANCEL: 'idle' },
    },
    listening: {
      invoke: { id: 'ear', src: 'listen', input: 7 },
      on: { HEARD: { actions: sendTo('ear', { type: 'ECHO' }) }, STOP: 'idle' },
    },
  },
})

function run(onStart: (call: PendingCall, signal: AbortSignal) => void, onSettle?: (call: PendingCall) => void) {
  const callbacks: CallbackCall[] = []
  const machine = saver.provide({
    actors: {
      save: promiseStandIn('save', { started: onStart, ...(onSettle ? { settled: onSettle } : {}) }),
      listen: callbackStandIn('listen', (call) => callbacks.push(call)),
    },
  })
  return { actor: createActor(machine).start(), callbacks }
}

describe('promiseStandIn', () => {
  it('waits until its call is resolved, and tells who holds it first', async () => {
    const calls: PendingCall[] = []
    const order: string[] = []
    const { actor } = run(
      (call) => calls.push(call),
      (call) => order.push(`settled ${call.id}`),
    )
    actor.send({ type: 'SAVE' })
    await tick()
    expect(calls.map((c) => [c.id, c.src, c.input, c.settled])).toEqual([['saving', 'save', { text: 'hi' }, false]])
    expect(calls[0]!.ref).toBe(actor.getSnapshot().children.saving)
    expect(actor.getSnapshot().value).toBe('saving')
    actor.subscribe((s) => order.push(`machine ${String(s.value)}`))
    calls[0]!.resolve('ok')
    await tick()
    expect(order).toEqual(['settled saving', 'machine idle'])
    expect(calls[0]!.settled).toBe(true)
    expect(actor.getSnapshot().context.saved).toBe('ok')
  })

  it('rejects into onError, and aborts its signal when the machine leaves the state', async () => {
    const calls: PendingCall[] = []
    const signals: AbortSignal[] = []
    const { actor } = run((call, signal) => {
      calls.push(call)
      signals.push(signal)
    })
    actor.send({ type: 'SAVE' })
    calls[0]!.reject('nope')
    await tick()
    expect(actor.getSnapshot().context.failed).toBe('nope')
    actor.send({ type: 'SAVE' })
    expect(signals[1]!.aborted).toBe(false)
    actor.send({ type: 'CANCEL' })
    expect(signals[1]!.aborted).toBe(true)
    expect(calls[1]!.settled).toBe(false)
  })
})

describe('callbackStandIn', () => {
  it('records what the machine sends it, sends back when told, and knows when it stopped', () => {
    const { actor, callbacks } = run(() => {})
    actor.send({ type: 'LISTEN' })
    expect(callbacks.map((c) => [c.id, c.src, c.input, c.stopped])).toEqual([['ear', 'listen', 7, false]])
    actor.send({ type: 'HEARD' })
    expect(callbacks[0]!.received).toEqual<EventObject[]>([{ type: 'ECHO' }])
    callbacks[0]!.sendBack({ type: 'STOP' })
    expect(actor.getSnapshot().value).toBe('idle')
    expect(callbacks[0]!.stopped).toBe(true)
  })
})
