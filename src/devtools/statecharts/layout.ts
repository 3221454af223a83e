import type { ElkExtendedEdge, ElkNode } from 'elkjs/lib/elk-api'
import { ENGLISH_LABEL_WORDS, labelLines, type GraphEdge, type GraphNode, type LabelWords, type StatechartGraph } from './graph-model'

/**
 * Lays a statechart graph out with elkjs (layered, hierarchical: compound and parallel states are
 * containers, edges may cross container borders). elkjs is imported here lazily, so only the
 * /statecharts route loads it; it runs in-page (no worker URL, no network).
 */

export interface Point {
  x: number
  y: number
}

export interface Row {
  /** The transition listed in the box (null for an invoke row). */
  edge: GraphEdge | null
  text: string
}

export interface NodeBox {
  node: GraphNode
  x: number
  y: number
  width: number
  height: number
  rows: Row[]
  /** Height of the title + rows band at the top of the box. */
  headerHeight: number
}

export interface MarkerBox {
  /** The compound state whose initial child this marker points at. */
  parentId: string
  cx: number
  cy: number
}

export interface EdgeRoute {
  id: string
  /** null for the arrow from an initial marker. */
  edge: GraphEdge | null
  points: Point[]
  label: { x: number; y: number; width: number; height: number; lines: string[] } | null
}

export interface StatechartLayout {
  width: number
  height: number
  direction: 'RIGHT' | 'DOWN'
  /** Parents before children, so containers are drawn first. */
  nodes: NodeBox[]
  markers: MarkerBox[]
  edges: EdgeRoute[]
}

export type TextStyle = 'title' | 'label'
export type Measure = (text: string, style: TextStyle) => number

export interface LayoutWords extends LabelWords {
  invoke: (src: string) => string
}

export const ENGLISH_LAYOUT_WORDS: LayoutWords = { ...ENGLISH_LABEL_WORDS, invoke: (src) => `invoke ${src}` }

export const TITLE_FONT = '600 13px ui-sans-serif, system-ui, sans-serif'
export const LABEL_FONT = '11px ui-monospace, SFMono-Regular, Menlo, Consolas, monospace'
export const TITLE_HEIGHT = 28
export const ROW_HEIGHT = 16
export const LABEL_LINE_HEIGHT = 14
const PAD_X = 12
const MARKER_SIZE = 12

/** Character-count estimate (used where there is no canvas, e.g. in tests). */
export const estimateText: Measure = (text, style) => Math.ceil(text.length * (style === 'title' ? 8 : 6.7))

const INITIAL_SUFFIX = '#initial'

/** The lines listed inside a state's box: invoked actors, then its targetless / self transitions. */
export function rowsOf(graph: StatechartGraph, node: GraphNode, words: LayoutWords): Row[] {
  const rows: Row[] = node.invokes.map((i) => ({ edge: null, text: words.invoke(i.src) }))
  for (const edge of graph.edges) {
    if (edge.drawAs !== 'row' || edge.sourceId !== node.id) continue
    const text = labelLines(edge.label, words).join(' ')
    rows.push({ edge, text: edge.targetId ? `↻ ${text}` : text })
  }
  return rows
}

export type LayoutDirection = 'RIGHT' | 'DOWN'

export async function layoutStatechart(
  graph: StatechartGraph,
  {
    words = ENGLISH_LAYOUT_WORDS,
    measure = estimateText,
    direction = 'RIGHT',
  }: { words?: LayoutWords; measure?: Measure; direction?: LayoutDirection } = {},
): Promise<StatechartLayout> {
  const rowsById = new Map<string, Row[]>()
  const headerById = new Map<string, number>()

  const toElk = (node: GraphNode): ElkNode => {
    const rows = rowsOf(graph, node, words)
    rowsById.set(node.id, rows)
    const header = TITLE_HEIGHT + rows.length * ROW_HEIGHT + (rows.length ? 4 : 0)
    headerById.set(node.id, header)
    const titleWidth = measure(node.key, 'title') + 2 * PAD_X + (node.type === 'parallel' || node.type === 'final' ? 20 : 0)
    const width = Math.max(80, titleWidth, ...rows.map((r) => measure(r.text, 'label') + 2 * PAD_X))
    if (!node.childIds.length) {
      const size = node.type === 'history' ? 32 : undefined
      return { id: node.id, width: size ?? width, height: size ?? Math.max(40, header + 8) }
    }
    const children = node.childIds.map((id) => toElk(graph.nodes.get(id)!))
    if (node.initialChildId) children.unshift({ id: node.id + INITIAL_SUFFIX, width: MARKER_SIZE, height: MARKER_SIZE })
    return {
      id: node.id,
      children,
      layoutOptions: {
        'elk.padding': `[top=${header + 10},left=16,bottom=16,right=16]`,
        'elk.nodeSize.constraints': '[MINIMUM_SIZE]',
        'elk.nodeSize.minimum': `(${width}, ${header + 40})`,
      },
    }
  }

  const labelOf = (edge: GraphEdge) => {
    const lines = labelLines(edge.label, words)
    return {
      text: lines.join('\n'),
      width: Math.max(...lines.map((l) => measure(l, 'label'))) + 8,
      height: lines.length * LABEL_LINE_HEIGHT + 4,
    }
  }

  const edges: ElkExtendedEdge[] = []
  const edgeById = new Map<string, GraphEdge | null>()
  for (const edge of graph.edges) {
    if (edge.drawAs !== 'edge' || !edge.targetId) continue
    edges.push({ id: edge.id, sources: [edge.sourceId], targets: [edge.targetId], labels: [labelOf(edge)] })
    edgeById.set(edge.id, edge)
  }
  for (const id of graph.order) {
    const node = graph.nodes.get(id)!
    if (!node.initialChildId) continue
    const edgeId = id + INITIAL_SUFFIX + '>'
    edges.push({ id: edgeId, sources: [id + INITIAL_SUFFIX], targets: [node.initialChildId] })
    edgeById.set(edgeId, null)
  }

  const root: ElkNode = {
    id: '__statechart__',
    layoutOptions: {
      'elk.algorithm': 'layered',
      'elk.direction': direction,
      'elk.hierarchyHandling': 'INCLUDE_CHILDREN',
      'elk.json.shapeCoords': 'ROOT',
      'elk.json.edgeCoords': 'ROOT',
      'elk.edgeLabels.placement': 'CENTER',
      'elk.layered.spacing.nodeNodeBetweenLayers': '36',
      'elk.layered.spacing.edgeNodeBetweenLayers': '16',
      'elk.spacing.nodeNode': '28',
      'elk.spacing.edgeNode': '16',
      'elk.spacing.edgeEdge': '12',
      'elk.spacing.edgeLabel': '4',
      'elk.layered.considerModelOrder.strategy': 'NODES_AND_EDGES',
      'elk.padding': '[top=8,left=8,bottom=8,right=8]',
    },
    children: [toElk(graph.nodes.get(graph.rootId)!)],
    edges,
  }

  const { default: ELK } = await import('elkjs/lib/elk.bundled.js')
  const laidOut = await new ELK().layout(root)

  const nodes: NodeBox[] = []
  const markers: MarkerBox[] = []
  const collect = (n: ElkNode) => {
    if (n.id.endsWith(INITIAL_SUFFIX)) {
      markers.push({ parentId: n.id.slice(0, -INITIAL_SUFFIX.length), cx: (n.x ?? 0) + MARKER_SIZE / 2, cy: (n.y ?? 0) + MARKER_SIZE / 2 })
      return
    }
    const node = graph.nodes.get(n.id)
    if (node) {
      nodes.push({
        node,
        x: n.x ?? 0,
        y: n.y ?? 0,
        width: n.width ?? 0,
        height: n.height ?? 0,
        rows: rowsById.get(n.id) ?? [],
        headerHeight: headerById.get(n.id) ?? TITLE_HEIGHT,
      })
    }
    n.children?.forEach(collect)
  }
  laidOut.children?.forEach(collect)

  const routes: EdgeRoute[] = (laidOut.edges ?? []).map((e) => {
    const points = (e.sections ?? []).flatMap((s) => [s.startPoint, ...(s.bendPoints ?? []), s.endPoint])
    const l = e.labels?.[0]
    return {
      id: e.id,
      edge: edgeById.get(e.id) ?? null,
      points,
      label: l && l.text ? { x: l.x ?? 0, y: l.y ?? 0, width: l.width ?? 0, height: l.height ?? 0, lines: l.text.split('\n') } : null,
    }
  })

  return { width: laidOut.width ?? 0, height: laidOut.height ?? 0, direction, nodes, markers, edges: routes }
}

export const MIN_ZOOM = 0.25

/**
 * The zoom at which a laid-out chart fits a frame (its inner size in CSS pixels), between `min` and
 * `max`: a chart opens fitted at up to 1 (never enlarged), the Fit button enlarges a small one up
 * to 2; neither goes below MIN_ZOOM (a chart too big even then scrolls). Rounded down to a
 * hundredth so the drawn size never exceeds the frame by a rounding pixel.
 */
export function fitZoom(
  layout: Pick<StatechartLayout, 'width' | 'height'>,
  frame: { width: number; height: number },
  { max, min }: { max: number; min: number },
): number {
  const fit = Math.min(max, frame.width / Math.max(1, layout.width), frame.height / Math.max(1, layout.height))
  return Math.max(min, Math.floor(fit * 100) / 100)
}

/**
 * Left to right reads best for most charts and is kept when it fits the width available (or is
 * not much wider than tall); otherwise the chart is laid out top to bottom as well, and the one
 * whose shape is closer to the viewport's wins.
 */
export async function layoutStatechartAuto(
  graph: StatechartGraph,
  { viewport, ...options }: { words?: LayoutWords; measure?: Measure; viewport?: { width: number; height: number } } = {},
): Promise<StatechartLayout> {
  const right = await layoutStatechart(graph, { ...options, direction: 'RIGHT' })
  if (viewport ? right.width <= viewport.width : right.width <= 2.2 * right.height) return right
  const down = await layoutStatechart(graph, { ...options, direction: 'DOWN' })
  const target = viewport ? Math.min(2, Math.max(0.5, viewport.width / Math.max(1, viewport.height))) : 1.5
  const misfit = (l: StatechartLayout) => Math.abs(Math.log(l.width / l.height / target))
  return misfit(down) < misfit(right) ? down : right
}
