import { fromCallback, fromPromise, type AnyActorRef, type EventObject } from 'xstate'

/**
 * Stand-ins for a machine's injected actors, so it runs without the network: the visualiser's
 * sandbox (simulation.ts) and the generated model tests (tests/model/support/run-model.tsx) put
 * them in place of the real actors with `machine.provide({ actors })`, then settle or feed them
 * as the reviewer or the test says.
 */

/** A promise actor the machine started, waiting until whoever holds it settles it. */
export interface PendingCall {
  /** The child's id as the machine knows it (its invoke or spawn id). */
  id: string
  /** The actor logic's name in the machine's implementations. */
  src: string
  input: unknown
  ref: AnyActorRef
  settled: boolean
  resolve: (output: unknown) => void
  reject: (error: unknown) => void
}

export interface PromiseStandInHooks {
  /** The machine started the actor; `signal` aborts when the machine stops it. */
  started: (call: PendingCall, signal: AbortSignal) => void
  /** The call was resolved or rejected, just before its promise settles. */
  settled?: (call: PendingCall) => void
}

/** A promise actor for `src` that settles only when its call is resolved or rejected. */
export function promiseStandIn(src: string, hooks: PromiseStandInHooks) {
  return fromPromise<unknown, unknown>(
    ({ input, self, signal }) =>
      new Promise((resolve, reject) => {
        const call: PendingCall = {
          id: self.id,
          src,
          input,
          ref: self,
          settled: false,
          resolve: (output) => {
            call.settled = true
            hooks.settled?.(call)
            resolve(output)
          },
          reject: (error) => {
            call.settled = true
            hooks.settled?.(call)
            reject(error)
          },
        }
        hooks.started(call, signal)
      }),
  )
}

/** A callback actor the machine started: what it was sent, and a way to send back as it. */
export interface CallbackCall {
  id: string
  src: string
  input: unknown
  /** Events the machine sent to it (sendTo). */
  received: EventObject[]
  stopped: boolean
  sendBack: (event: EventObject) => void
}

/** A callback actor for `src` that records what it receives and sends back only when told. */
export function callbackStandIn(src: string, started: (call: CallbackCall) => void) {
  return fromCallback<EventObject, unknown>(({ sendBack, receive, input, self }) => {
    const call: CallbackCall = { id: self.id, src, input, received: [], stopped: false, sendBack }
    started(call)
    receive((event) => call.received.push(event))
    return () => {
      call.stopped = true
    }
  })
}
