/**
 * For components that create their machine's actor themselves (`useMachine(machine)` inside the
 * component, e.g. the marketing header's mobile nav): a model test mocks @xstate/react's
 * `useMachine` so that, for the machine under test, the component uses the test's actor, which
 * the generated path drives and inspects. Other machines keep the real hook.
 *
 *   vi.mock('@xstate/react', async (importOriginal) => (await import('./support/owned-actor')).withOwnedActor(await importOriginal()))
 */
import type { AnyActorRef } from 'xstate'

type OwnedActor = AnyActorRef & { logic: { id: string } }

let current: OwnedActor | null = null

/** The actor the component under test should use (set from the model test's render). */
export function ownActor(actor: AnyActorRef) {
  current = actor as OwnedActor
}

export function withOwnedActor<TModule extends { useMachine: (...args: any[]) => unknown; useSelector: (...args: any[]) => unknown }>(
  original: TModule,
): TModule {
  return {
    ...original,
    useMachine: (machine: { id: string }, ...rest: unknown[]) => {
      const actor = current && current.logic.id === machine.id ? current : null
      if (!actor) return original.useMachine(machine, ...rest)
      const snapshot = original.useSelector(actor, (s: unknown) => s)
      return [snapshot, actor.send, actor]
    },
  }
}
