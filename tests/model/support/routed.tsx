/**
 * For views that render router links: the model test's render puts the view in a memory router
 * (one root route rendering it), a fresh router per actor (one per generated path).
 *
 *   const page = routed(MyMachine, (snapshot, send) => <MyView {...connect(snapshot, send)} />)
 *   describeModel({ ..., render: page.render, ready: page.ready })
 */
import type { ReactElement } from 'react'
import { vi } from 'vitest'
import { useSelector } from '@xstate/react'
import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from '@tanstack/react-router'
import type { Actor, AnyStateMachine, EventFromLogic, SnapshotFrom } from 'xstate'

// The test DOM has no scrolling (the router restores scroll).
Object.defineProperty(window, 'scrollTo', { value: () => {}, writable: true })

export function routed<TMachine extends AnyStateMachine>(
  _machine: TMachine,
  view: (snapshot: SnapshotFrom<TMachine>, send: (event: EventFromLogic<TMachine>) => void) => ReactElement,
  path = '/',
) {
  let current: Actor<TMachine> | null = null
  let router: ReturnType<typeof makeRouter> | null = null
  function Screen() {
    const snapshot = useSelector(current!, (s) => s)
    return view(snapshot, current!.send)
  }
  function makeRouter() {
    return createRouter({ routeTree: createRootRoute({ component: Screen }), history: createMemoryHistory({ initialEntries: [path] }) })
  }
  return {
    render: (_snapshot: SnapshotFrom<TMachine>, _send: unknown, actor: Actor<TMachine>) => {
      if (current !== actor || !router) {
        current = actor
        router = makeRouter()
      }
      return <RouterProvider router={router} />
    },
    ready: async () => {
      await vi.advanceTimersByTimeAsync(0)
    },
  }
}
