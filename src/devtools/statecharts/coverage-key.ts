/**
 * The string a transition is known by in the model tests' report (`reports/model-tests.json`,
 * `covered_transitions`): the model tests write it for every transition their paths take
 * (tests/model/support/statechart.ts), the visualiser reads it back to mark the covered edges
 * (coverage.ts). This file is the one place the format is written and parsed.
 *
 *     <sourceStatePath> --<eventType>[<guard>]--> <targetStatePath>
 *
 * - a state path is the node's keys from the root joined with '.' (`open.saving`); the machine's
 *   root node is `(root)` (its own `on` handlers: `(root) --CHAT_UNREAD--> (root)`).
 * - eventType is the transition's event descriptor as XState stores it: a user event (`CANCEL`),
 *   `xstate.done.actor.<invokeId>` / `xstate.error.actor.<invokeId>` for invoke results,
 *   `xstate.after.<delay>.<stateNodeId>` for delays (`xstate.after.callTimeout.outgoingCall.ringing`),
 *   `xstate.done.state.<stateNodeId>` for onDone; eventless (`always`) transitions use `always`.
 * - `[<guard>]` only when the transition has a guard, named by graph-model.ts `guardName`: the
 *   guard's name; `not(g)` is `!g`, `and([a, b])` is `a && b`, `or([a, b])` is `a || b`.
 * - the target is the target state path (several targets joined with ','); a targetless
 *   transition (actions only) names its source, as @xstate/graph's toDirectedGraph does.
 *
 * Examples: `ringing --CANCEL--> cancelling`,
 * `ringing --RESPONSE_CALL[answeredThisCall]--> answered`,
 * `deciding --always[tutorialSkipped]--> closed`.
 *
 * The parser is lenient where older reports or hand-written strings differ: an empty source or
 * target for the root or a targetless transition, an empty event type for an eventless one.
 */

export const ROOT_PATH = '(root)'
export const EVENTLESS = 'always'

/** A transition, as its key names it. Paths are dot-joined state keys, '' for the root. */
export interface CoverageKeyParts {
  source: string
  /** '' for an eventless transition. */
  eventType: string
  guard?: string
  /** None for a targetless transition. */
  targets: readonly string[]
}

const keyPath = (path: string) => (path === '' ? ROOT_PATH : path)

/** The transition's key (see the top of this file). */
export function coverageKey({ source, eventType, guard, targets }: CoverageKeyParts): string {
  const event = eventType === '' ? EVENTLESS : eventType
  const target = targets.length ? targets.map(keyPath).join(',') : keyPath(source)
  return `${keyPath(source)} --${event}${guard ? `[${guard}]` : ''}--> ${target}`
}

/** A key read back: the paths as written (`(root)` stays), several targets comma-joined. */
export interface CoveredTransition {
  source: string
  eventType: string
  guard?: string
  target: string
}

/** Parses one key; null when it is not in that shape. */
export function parseCoverageKey(text: string): CoveredTransition | null {
  const start = text.indexOf(' --')
  const arrow = text.lastIndexOf('--> ')
  const arrowAtEnd = text.endsWith('-->')
  const end = arrow >= 0 ? arrow : arrowAtEnd ? text.length - 3 : -1
  if (start < 0 || end < start + 3) return null
  const source = text.slice(0, start).trim()
  const target = text.slice(end + 3).trim()
  let middle = text.slice(start + 3, end)
  let guard: string | undefined
  if (middle.endsWith(']')) {
    const open = middle.indexOf('[')
    if (open >= 0) {
      guard = middle.slice(open + 1, -1)
      middle = middle.slice(0, open)
    }
  }
  return { source, eventType: middle, ...(guard !== undefined ? { guard } : {}), target }
}
