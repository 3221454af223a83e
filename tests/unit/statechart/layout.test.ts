import { describe, expect, it } from 'vitest'
import { machineToGraph } from '../../../src/devtools/statecharts/graph-model'
import {
  fitZoom,
  layoutStatechart,
  layoutStatechartAuto,
  rowsOf,
  ENGLISH_LAYOUT_WORDS,
  MIN_ZOOM,
} from '../../../src/devtools/statecharts/layout'
import { incomingCallMachine } from '../../../src/machines/incoming-call/incoming-call.machine'
import { phoneMachine } from './fixture'

const graph = machineToGraph(phoneMachine)

describe('layoutStatechart (elkjs)', () => {
  it('places every state inside its parent, the initial markers, and routes every edge', async () => {
    const layout = await layoutStatechart(graph)
    expect(layout.nodes.map((n) => n.node.id)).toEqual(graph.order)
    const box = new Map(layout.nodes.map((n) => [n.node.id, n]))
    for (const n of layout.nodes) {
      expect(n.width).toBeGreaterThan(0)
      const parent = n.node.parentId ? box.get(n.node.parentId) : null
      if (!parent) continue
      expect(n.x).toBeGreaterThanOrEqual(parent.x)
      expect(n.y).toBeGreaterThanOrEqual(parent.y + parent.headerHeight)
      expect(n.x + n.width).toBeLessThanOrEqual(parent.x + parent.width)
      expect(n.y + n.height).toBeLessThanOrEqual(parent.y + parent.height)
    }
    // root, calling, audio, video have an initial child; the parallel inCall has none.
    expect(layout.markers.map((m) => m.parentId).sort()).toEqual(['phone', 'phone.calling', 'phone.inCall.audio', 'phone.inCall.video'])
    const drawn = graph.edges.filter((e) => e.drawAs === 'edge')
    expect(
      layout.edges
        .filter((e) => e.edge)
        .map((e) => e.edge!.id)
        .sort(),
    ).toEqual(drawn.map((e) => e.id).sort())
    for (const e of layout.edges) expect(e.points.length).toBeGreaterThanOrEqual(2)
    const timeout = layout.edges.find((e) => e.edge?.targetPath === 'missed')!
    expect(timeout.label!.lines).toEqual(['after 60 s (ringTimeout)'])
    expect(layout.width).toBeGreaterThan(0)
  })

  it('lists invokes and targetless transitions inside the box', () => {
    expect(rowsOf(graph, graph.nodes.get('phone.calling')!, ENGLISH_LAYOUT_WORDS).map((r) => r.text)).toEqual(['invoke dial'])
    expect(rowsOf(graph, graph.nodes.get('phone')!, ENGLISH_LAYOUT_WORDS).map((r) => r.text)).toEqual(['PING'])
    expect(rowsOf(graph, graph.nodes.get('phone.calling.ringing')!, ENGLISH_LAYOUT_WORDS).map((r) => r.text)).toEqual(['after 500 ms'])
  })
})

describe('layoutStatechartAuto', () => {
  it('keeps left to right when it fits the viewport, and lays a wide chart out top to bottom on a narrow one', async () => {
    expect((await layoutStatechartAuto(graph, { viewport: { width: 5000, height: 800 } })).direction).toBe('RIGHT')
    const right = await layoutStatechart(graph, { direction: 'RIGHT' })
    const narrow = await layoutStatechartAuto(graph, { viewport: { width: 320, height: 460 } })
    expect(narrow.direction).toBe(right.width > right.height ? 'DOWN' : 'RIGHT')
  })
})

describe('fitZoom', () => {
  const opening = { max: 1, min: MIN_ZOOM }

  it('opens a chart wider than its frame shrunk so all of it is in sight (incomingCall in a 1280 px window)', async () => {
    const layout = await layoutStatechart(machineToGraph(incomingCallMachine))
    // the diagram's inner box beside the 22rem panel at 1280 x 720
    const frame = { width: 840, height: 440 }
    expect(layout.width).toBeGreaterThan(frame.width)
    const zoom = fitZoom(layout, frame, opening)
    expect(zoom).toBeLessThan(1)
    expect(Math.ceil(layout.width * zoom)).toBeLessThanOrEqual(frame.width)
    expect(Math.ceil(layout.height * zoom)).toBeLessThanOrEqual(frame.height)
    // and as large as that allows (to a hundredth)
    expect(Math.min(frame.width / layout.width, frame.height / layout.height) - zoom).toBeLessThan(0.01)
  })

  it('never enlarges a small chart on opening; the Fit button may, up to 2', () => {
    expect(fitZoom({ width: 300, height: 200 }, { width: 900, height: 600 }, opening)).toBe(1)
    expect(fitZoom({ width: 300, height: 200 }, { width: 900, height: 600 }, { max: 2, min: MIN_ZOOM })).toBe(2)
    expect(fitZoom({ width: 600, height: 200 }, { width: 900, height: 600 }, { max: 2, min: MIN_ZOOM })).toBe(1.5)
  })

  it('goes no smaller than MIN_ZOOM: a chart too big even then scrolls', () => {
    expect(fitZoom({ width: 1000, height: 500 }, { width: 300, height: 400 }, opening)).toBe(0.3)
    expect(fitZoom({ width: 2000, height: 900 }, { width: 300, height: 400 }, opening)).toBe(MIN_ZOOM)
    expect(fitZoom({ width: 20000, height: 900 }, { width: 300, height: 400 }, { max: 2, min: MIN_ZOOM })).toBe(MIN_ZOOM)
  })

  it('fits the tighter of the two sides', () => {
    expect(fitZoom({ width: 1000, height: 1000 }, { width: 900, height: 600 }, opening)).toBe(0.6)
  })
})
