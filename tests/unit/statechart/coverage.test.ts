import { describe, expect, it } from 'vitest'
import { createMachine } from 'xstate'
import { coverageString, matchCoverage } from '../../../src/devtools/statecharts/coverage'
import { coverageKey, parseCoverageKey } from '../../../src/devtools/statecharts/coverage-key'
import { machineToGraph } from '../../../src/devtools/statecharts/graph-model'
import { transitionsOf, transitionKey } from '../../model/support/statechart'
import { phoneMachine } from './fixture'

const graph = machineToGraph(phoneMachine)
const edgeId = (source: string, eventType: string, target?: string) =>
  graph.edges.find((e) => e.sourcePath === source && e.label.eventType === eventType && (target === undefined || e.targetPath === target))!
    .id

describe('coverageKey', () => {
  it('writes source, event, guard and targets; (root) for the root, always for eventless', () => {
    expect(coverageKey({ source: 'idle', eventType: 'CALL', guard: 'canCall', targets: ['calling'] })).toBe(
      'idle --CALL[canCall]--> calling',
    )
    expect(coverageKey({ source: '', eventType: 'PING', targets: [] })).toBe('(root) --PING--> (root)')
    expect(coverageKey({ source: 'calling.dialing', eventType: '', guard: '!isBusy', targets: ['calling.ringing'] })).toBe(
      'calling.dialing --always[!isBusy]--> calling.ringing',
    )
    expect(coverageKey({ source: 'a', eventType: 'GO', targets: ['b.x', ''] })).toBe('a --GO--> b.x,(root)')
  })

  it('reads back what it writes', () => {
    expect(parseCoverageKey(coverageKey({ source: 'open', eventType: 'SAVE', guard: 'a && b', targets: ['open.saving', 'x'] }))).toEqual({
      source: 'open',
      eventType: 'SAVE',
      guard: 'a && b',
      target: 'open.saving,x',
    })
  })
})

describe('parseCoverageKey', () => {
  it('reads source, event, guard and target', () => {
    expect(parseCoverageKey('idle --CALL[canCall]--> calling')).toEqual({
      source: 'idle',
      eventType: 'CALL',
      guard: 'canCall',
      target: 'calling',
    })
    expect(parseCoverageKey('open.step2 --NEXT--> open.step3')).toEqual({
      source: 'open.step2',
      eventType: 'NEXT',
      target: 'open.step3',
    })
  })

  it('reads delays, eventless transitions and the root as source', () => {
    expect(parseCoverageKey('ringing --xstate.after.60000.outgoingCall.ringing--> missed')).toEqual({
      source: 'ringing',
      eventType: 'xstate.after.60000.outgoingCall.ringing',
      target: 'missed',
    })
    expect(parseCoverageKey('calling.dialing --[!isBusy]--> calling.ringing')).toEqual({
      source: 'calling.dialing',
      eventType: '',
      guard: '!isBusy',
      target: 'calling.ringing',
    })
    expect(parseCoverageKey(' --PING--> ')).toEqual({ source: '', eventType: 'PING', target: '' })
  })

  it('rejects other text', () => {
    expect(parseCoverageKey('idle -> calling')).toBeNull()
  })
})

describe('matchCoverage', () => {
  it('marks the edges the report names and lists what it cannot find', () => {
    const { coveredEdgeIds, unmatched } = matchCoverage(graph, [
      'idle --CALL[canCall]--> calling',
      'calling.dialing --[!isBusy]--> calling.ringing',
      'calling.ringing --xstate.after.ringTimeout.phone.calling.ringing--> missed',
      'calling --xstate.done.actor.dialer--> calling.ringing',
      'inCall.audio.on --TOGGLE--> inCall.audio.off',
      'idle --NOPE--> calling',
    ])
    expect([...coveredEdgeIds].sort()).toEqual(
      [
        edgeId('idle', 'CALL'),
        edgeId('calling.dialing', ''),
        edgeId('calling.ringing', 'xstate.after.ringTimeout.phone.calling.ringing'),
        edgeId('calling', 'xstate.done.actor.dialer'),
        edgeId('inCall.audio.on', 'TOGGLE'),
      ].sort(),
    )
    expect(unmatched).toEqual(['idle --NOPE--> calling'])
  })

  it('matches targetless transitions written with the source (or nothing) as target', () => {
    expect(matchCoverage(graph, [' --PING--> ']).coveredEdgeIds).toEqual(new Set([edgeId('', 'PING')]))
    expect(matchCoverage(graph, [' --PING-->']).coveredEdgeIds).toEqual(new Set([edgeId('', 'PING')]))
  })

  it('tells guarded branches with the same source, event and target apart by guard', () => {
    const m = createMachine({
      id: 'm',
      initial: 'a',
      states: { a: { on: { GO: [{ guard: 'x', target: 'b' }, { guard: 'y', target: 'b' }, { target: 'c' }] } }, b: {}, c: {} },
    })
    const g = machineToGraph(m)
    const [x, y, c] = g.edges
    expect(matchCoverage(g, ['a --GO[y]--> b']).coveredEdgeIds).toEqual(new Set([y!.id]))
    expect(matchCoverage(g, ['a --GO--> c']).coveredEdgeIds).toEqual(new Set([c!.id]))
    expect(x!.id).not.toBe(y!.id)
  })

  it("reads the model tests' spelling: (root) for the root, always for eventless", () => {
    expect(matchCoverage(graph, ['(root) --PING--> (root)']).coveredEdgeIds).toEqual(new Set([edgeId('', 'PING')]))
    expect(matchCoverage(graph, ['calling.dialing --always[!isBusy]--> calling.ringing']).coveredEdgeIds).toEqual(
      new Set([edgeId('calling.dialing', '')]),
    )
  })

  it('round-trips every edge of the chart through its report string', () => {
    const all = graph.edges.map((e) => coverageString(e))
    const { coveredEdgeIds, unmatched } = matchCoverage(graph, all)
    expect(unmatched).toEqual([])
    expect(coveredEdgeIds.size).toBe(graph.edges.length)
  })

  it('computes the same string as the model-test report for every transition (the contract)', () => {
    const fromModelTests = transitionsOf(phoneMachine).map(transitionKey).sort()
    const byTransition = new Map<string, typeof graph.edges>()
    for (const e of graph.edges) byTransition.set(e.transitionKey, [...(byTransition.get(e.transitionKey) ?? []), e])
    expect([...byTransition.values()].map((edges) => coverageString(edges)).sort()).toEqual(fromModelTests)
    expect(matchCoverage(graph, fromModelTests).coveredEdgeIds.size).toBe(graph.edges.length)
  })
})
