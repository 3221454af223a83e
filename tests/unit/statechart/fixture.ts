import { assign, fromPromise, not, setup } from 'xstate'

/** A small phone machine with every shape the visualiser draws. */
export const phoneMachine = setup({
  types: {
    context: {} as { pings: number; log: string[] },
    events: {} as
      { type: 'CALL' } | { type: 'ANSWER' } | { type: 'CANCEL' } | { type: 'PING'; by?: string } | { type: 'TOGGLE' } | { type: 'HANG_UP' },
  },
  actors: { dial: fromPromise(async () => 'connected') },
  guards: { canCall: () => true, isBusy: () => false },
  delays: { ringTimeout: 60_000 },
  actions: {
    beep: () => {
      throw new Error('side effects must be stubbed')
    },
  },
}).createMachine({
  id: 'phone',
  context: { pings: 0, log: [] },
  initial: 'idle',
  on: { PING: { actions: assign({ pings: ({ context }) => context.pings + 1 }) } },
  states: {
    idle: { on: { CALL: { guard: 'canCall', target: 'calling' } } },
    calling: {
      initial: 'dialing',
      entry: 'beep',
      invoke: { id: 'dialer', src: 'dial', onDone: '.ringing', onError: 'failed' },
      on: { CANCEL: 'idle' },
      states: {
        dialing: { always: { guard: not('isBusy'), target: 'ringing' } },
        ringing: {
          after: { ringTimeout: '#phone.missed', 500: { actions: assign({ log: ({ context }) => [...context.log, 'ring'] }) } },
          on: { ANSWER: '#phone.inCall' },
        },
      },
    },
    inCall: {
      type: 'parallel',
      on: { HANG_UP: 'idle' },
      states: {
        audio: { initial: 'on', states: { on: { on: { TOGGLE: 'off' } }, off: { on: { TOGGLE: 'on' } } } },
        video: { initial: 'off', states: { off: {} } },
      },
    },
    missed: { type: 'final' },
    failed: { type: 'final' },
  },
})
