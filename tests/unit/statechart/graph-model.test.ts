import { describe, expect, it } from 'vitest'
import { and, createMachine, or, stateIn } from 'xstate'
import {
  activeStatePaths,
  formatDelay,
  guardName,
  labelLines,
  machineToGraph,
  transitionKeyOf,
  type GraphEdge,
} from '../../../src/devtools/statecharts/graph-model'
import { phoneMachine } from './fixture'

const graph = machineToGraph(phoneMachine)
const node = (path: string) => graph.nodes.get(graph.idByPath.get(path)!)!
const edgesFrom = (path: string, eventType?: string) =>
  graph.edges.filter((e) => e.sourcePath === path && (eventType === undefined || e.label.eventType === eventType))
const only = (edges: GraphEdge[]) => {
  expect(edges).toHaveLength(1)
  return edges[0]!
}

describe('machineToGraph: nodes', () => {
  it('has the root as a container named by the machine id, and every state below it', () => {
    expect(graph.machineId).toBe('phone')
    const root = node('')
    expect(root.key).toBe('phone')
    expect(root.type).toBe('compound')
    expect(root.childIds).toEqual(['phone.idle', 'phone.calling', 'phone.inCall', 'phone.missed', 'phone.failed'])
    expect(root.initialChildId).toBe('phone.idle')
    expect(graph.order).toEqual([
      'phone',
      'phone.idle',
      'phone.calling',
      'phone.calling.dialing',
      'phone.calling.ringing',
      'phone.inCall',
      'phone.inCall.audio',
      'phone.inCall.audio.on',
      'phone.inCall.audio.off',
      'phone.inCall.video',
      'phone.inCall.video.off',
      'phone.missed',
      'phone.failed',
    ])
    expect(graph.stateCount).toBe(12)
  })

  it('draws compound states as containers with their initial child', () => {
    const calling = node('calling')
    expect(calling.type).toBe('compound')
    expect(calling.initialChildId).toBe('phone.calling.dialing')
    expect(calling.parentId).toBe('phone')
    expect(calling.depth).toBe(1)
    expect(calling.invokes).toEqual([{ id: 'dialer', src: 'dial' }])
    expect(node('calling.ringing')).toMatchObject({ type: 'atomic', parentId: 'phone.calling', depth: 2, initialChildId: null })
  })

  it('marks parallel states and their regions; regions have no initial marker from the parent', () => {
    const inCall = node('inCall')
    expect(inCall.type).toBe('parallel')
    expect(inCall.initialChildId).toBeNull()
    expect(node('inCall.audio')).toMatchObject({ isRegion: true, type: 'compound', initialChildId: 'phone.inCall.audio.on' })
    expect(node('inCall.video').isRegion).toBe(true)
    expect(node('inCall.audio.on').isRegion).toBe(false)
  })

  it('marks final states', () => {
    expect(node('missed').type).toBe('final')
    expect(node('failed').type).toBe('final')
  })
})

describe('machineToGraph: edges', () => {
  it('labels an event transition with its guard', () => {
    const call = only(edgesFrom('idle', 'CALL'))
    expect(call).toMatchObject({ sourceId: 'phone.idle', targetId: 'phone.calling', targetPath: 'calling', drawAs: 'edge' })
    expect(call.label).toMatchObject({ kind: 'event', event: 'CALL', guard: 'canCall' })
    expect(labelLines(call.label)).toEqual(['CALL', '[canCall]'])
  })

  it('labels a named delay with its duration: after 60 s', () => {
    const timeout = edgesFrom('calling.ringing').find((e) => e.targetPath === 'missed')!
    expect(timeout.label).toMatchObject({ kind: 'after', delayMs: 60_000, delayName: 'ringTimeout' })
    expect(timeout.label.eventType).toBe('xstate.after.ringTimeout.phone.calling.ringing')
    expect(labelLines(timeout.label)).toEqual(['after 60 s (ringTimeout)'])
  })

  it('lists a delayed transition without target inside the box (a row)', () => {
    const again = edgesFrom('calling.ringing').find((e) => e.label.delayMs === 500)!
    expect(again).toMatchObject({ drawAs: 'row', reenter: false, targetPath: null })
    expect(labelLines(again.label)).toEqual(['after 500 ms'])
  })

  it('lists a transition back into its own state as a row', () => {
    const m = createMachine({ id: 'm', initial: 'a', states: { a: { on: { AGAIN: { target: 'a', reenter: true } } } } })
    expect(machineToGraph(m).edges[0]).toMatchObject({ drawAs: 'row', reenter: true, targetPath: 'a' })
  })

  it('labels eventless transitions "always" with a negated guard', () => {
    const always = only(edgesFrom('calling.dialing', ''))
    expect(always).toMatchObject({ targetPath: 'calling.ringing', drawAs: 'edge' })
    expect(labelLines(always.label)).toEqual(['always', '[!isBusy]'])
  })

  it('labels invoke done / error by the invoked actor, including a transition into a child', () => {
    const done = only(edgesFrom('calling', 'xstate.done.actor.dialer'))
    expect(done.label).toMatchObject({ kind: 'done', event: 'dial' })
    expect(done.targetPath).toBe('calling.ringing')
    expect(labelLines(done.label)).toEqual(['done: dial'])
    const error = only(edgesFrom('calling', 'xstate.error.actor.dialer'))
    expect(labelLines(error.label)).toEqual(['error: dial'])
    expect(error.targetPath).toBe('failed')
  })

  it('lists targetless transitions as rows of their state (the root too)', () => {
    const ping = only(edgesFrom('', 'PING'))
    expect(ping).toMatchObject({ targetId: null, targetPath: null, drawAs: 'row', sourceId: 'phone' })
  })

  it('has transitions inside regions and out of a parallel state', () => {
    expect(only(edgesFrom('inCall.audio.on', 'TOGGLE')).targetPath).toBe('inCall.audio.off')
    expect(only(edgesFrom('inCall', 'HANG_UP')).targetPath).toBe('idle')
  })

  it('counts every transition once and gives every edge a unique id', () => {
    // CALL, CANCEL, done, error, always, 2 x after, ANSWER, HANG_UP, 2 x TOGGLE, PING
    expect(graph.transitionCount).toBe(12)
    expect(new Set(graph.edges.map((e) => e.id)).size).toBe(graph.edges.length)
  })

  it('keys transitions so that a provided copy of the machine maps onto the same edges', () => {
    const provided = phoneMachine.provide({})
    const t = provided.root.states.idle!.transitions.get('CALL')![0]!
    expect(transitionKeyOf(t)).toBe(only(edgesFrom('idle', 'CALL')).transitionKey)
    const always = provided.getStateNodeById('phone.calling.dialing').always![0]!
    expect(transitionKeyOf(always)).toBe(only(edgesFrom('calling.dialing', '')).transitionKey)
  })
})

describe('labels', () => {
  it('names guard combinators', () => {
    expect(guardName(undefined)).toBeUndefined()
    expect(guardName('a')).toBe('a')
    expect(guardName({ type: 'b', params: { x: 1 } })).toBe('b')
    expect(guardName(and(['a', or(['b', 'c'])]))).toBe('a && (b || c)')
    expect(guardName(stateIn('x'))).toBe('in x')
    expect(guardName(() => true)).toBe('inline')
  })

  it('formats delays', () => {
    expect(formatDelay(60_000)).toBe('60 s')
    expect(formatDelay(1500)).toBe('1.5 s')
    expect(formatDelay(250)).toBe('250 ms')
  })

  it('labels numeric and unknown named delays', () => {
    const m = createMachine({
      id: 'm',
      initial: 'a',
      states: { a: { after: { 10000: 'b', slow: 'b' } }, b: {} },
    })
    const g = machineToGraph(m)
    expect(g.edges.map((e) => labelLines(e.label)[0])).toEqual(['after 10 s', 'after slow'])
  })
})

describe('activeStatePaths', () => {
  it('lists active paths with their ancestors, parallel regions included', () => {
    expect([...activeStatePaths('idle')]).toEqual(['', 'idle'])
    expect([...activeStatePaths({ calling: 'ringing' })]).toEqual(['', 'calling', 'calling.ringing'])
    expect([...activeStatePaths({ inCall: { audio: 'off', video: 'off' } })]).toEqual([
      '',
      'inCall',
      'inCall.audio',
      'inCall.audio.off',
      'inCall.video',
      'inCall.video.off',
    ])
  })
})
