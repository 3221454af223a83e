import { useLingui } from '@lingui/react/macro'
import type { EdgeRoute, NodeBox, Point, StatechartLayout } from '../../devtools/statecharts/layout'
import { LABEL_FONT, LABEL_LINE_HEIGHT, ROW_HEIGHT, TITLE_FONT, TITLE_HEIGHT } from '../../devtools/statecharts/layout'

/**
 * The statechart as SVG, drawn from a layout. What a test or a reviewer can read off it:
 *   state boxes  data-state-path, data-active / aria-current="true" and .is-active when active
 *   edges        data-transition, data-covered ("true" / "false", absent with no report),
 *                data-last / .is-last for the transition the simulation took last
 */

export interface StatechartDiagramProps {
  machineId: string
  layout: StatechartLayout
  activePaths: ReadonlySet<string>
  lastTransitionKeys: ReadonlySet<string>
  /** null: no model-test report for this machine. */
  coveredEdgeIds: ReadonlySet<string> | null
  zoom: number
}

type EdgeTone = 'plain' | 'covered' | 'uncovered' | 'last' | 'initial'

const STROKE: Record<EdgeTone, string> = {
  plain: '#475569',
  covered: '#059669',
  uncovered: '#94a3b8',
  last: '#d97706',
  initial: '#1e293b',
}

function pathOf(points: Point[]): string {
  return points.map((p, i) => `${i ? 'L' : 'M'}${p.x},${p.y}`).join(' ')
}

function edgeTone(route: EdgeRoute, props: StatechartDiagramProps): EdgeTone {
  if (!route.edge) return 'initial'
  if (props.lastTransitionKeys.has(route.edge.transitionKey)) return 'last'
  if (!props.coveredEdgeIds) return 'plain'
  return props.coveredEdgeIds.has(route.edge.id) ? 'covered' : 'uncovered'
}

function StateBox({ box, props }: { box: NodeBox; props: StatechartDiagramProps }) {
  const { t } = useLingui()
  const { node } = box
  const active = props.activePaths.has(node.path)
  const isRoot = node.parentId === null
  const container = node.childIds.length > 0
  const region = node.isRegion
  const fill = active ? (container ? '#eef2ff' : '#c7d2fe') : isRoot ? '#f8fafc' : region ? 'transparent' : '#ffffff'
  const stroke = active ? '#4f46e5' : region ? '#94a3b8' : '#64748b'
  const strokeWidth = active ? 2.5 : 1.25
  const typeLabel =
    node.type === 'parallel'
      ? t`parallel state`
      : node.type === 'final'
        ? t`final state`
        : node.type === 'history'
          ? t`history state`
          : region
            ? t`region`
            : container
              ? t`compound state`
              : t`state`
  const titleX = container ? box.x + 12 : box.x + box.width / 2

  if (node.type === 'history') {
    const r = Math.min(box.width, box.height) / 2
    return (
      <g
        data-state-path={node.path}
        data-state-id={node.id}
        data-active={active}
        aria-current={active ? 'true' : undefined}
        aria-label={`${typeLabel} ${node.key}`}
        className={active ? 'is-active' : undefined}
      >
        <circle cx={box.x + r} cy={box.y + r} r={r} fill={fill} stroke={stroke} strokeWidth={strokeWidth} />
        <text x={box.x + r} y={box.y + r + 4} textAnchor="middle" style={{ font: TITLE_FONT }} fill="#1e293b">
          {node.history === 'deep' ? 'H*' : 'H'}
        </text>
      </g>
    )
  }

  return (
    <g
      data-state-path={node.path}
      data-state-id={node.id}
      data-state-type={node.type}
      data-active={active}
      aria-current={active ? 'true' : undefined}
      aria-label={`${typeLabel} ${node.key}`}
      className={active ? 'is-active' : undefined}
    >
      <title>{`${typeLabel}: ${node.key}${node.description ? ` — ${node.description}` : ''}`}</title>
      <rect
        x={box.x}
        y={box.y}
        width={box.width}
        height={box.height}
        rx={region ? 4 : 10}
        fill={fill}
        stroke={stroke}
        strokeWidth={strokeWidth}
        strokeDasharray={region ? '6 4' : undefined}
      />
      {node.type === 'final' && (
        <rect
          x={box.x + 4}
          y={box.y + 4}
          width={box.width - 8}
          height={box.height - 8}
          rx={7}
          fill="none"
          stroke={stroke}
          strokeWidth={strokeWidth}
        />
      )}
      {container && !region && (
        <line x1={box.x} x2={box.x + box.width} y1={box.y + box.headerHeight} y2={box.y + box.headerHeight} stroke="#e2e8f0" />
      )}
      <text
        x={titleX}
        y={box.y + TITLE_HEIGHT / 2 + 5}
        textAnchor={container ? 'start' : 'middle'}
        style={{ font: TITLE_FONT }}
        fill={region ? '#475569' : '#0f172a'}
      >
        {node.type === 'parallel' ? `${node.key} ∥` : node.key}
      </text>
      {box.rows.map((row, i) => {
        const y = box.y + TITLE_HEIGHT + i * ROW_HEIGHT + 11
        const last = row.edge ? props.lastTransitionKeys.has(row.edge.transitionKey) : false
        const covered = row.edge && props.coveredEdgeIds ? props.coveredEdgeIds.has(row.edge.id) : null
        return (
          <g
            key={row.edge?.id ?? `invoke-${i}`}
            data-transition={row.edge?.transitionKey}
            data-covered={row.edge && props.coveredEdgeIds ? String(Boolean(covered)) : undefined}
            data-last={last || undefined}
            className={last ? 'is-last' : undefined}
          >
            {last && <rect x={box.x + 6} y={y - 11} width={box.width - 12} height={ROW_HEIGHT - 1} rx={3} fill="#fef3c7" />}
            <text
              x={container ? box.x + 12 : box.x + box.width / 2}
              y={y}
              textAnchor={container ? 'start' : 'middle'}
              style={{ font: LABEL_FONT }}
              fill={!row.edge ? '#6d28d9' : covered === null ? '#334155' : covered ? '#047857' : '#64748b'}
              textDecoration={covered === false ? 'underline dotted' : undefined}
            >
              {row.text}
            </text>
          </g>
        )
      })}
    </g>
  )
}

function Edge({ route, props }: { route: EdgeRoute; props: StatechartDiagramProps }) {
  const tone = edgeTone(route, props)
  const edge = route.edge
  return (
    <g
      data-transition={edge?.transitionKey}
      data-edge={edge?.id}
      data-covered={edge && props.coveredEdgeIds ? String(props.coveredEdgeIds.has(edge.id)) : undefined}
      data-last={tone === 'last' || undefined}
      className={tone === 'last' ? 'is-last' : undefined}
    >
      <path
        d={pathOf(route.points)}
        fill="none"
        stroke={STROKE[tone]}
        strokeWidth={tone === 'last' ? 3 : tone === 'covered' ? 2 : 1.4}
        strokeDasharray={tone === 'uncovered' ? '5 4' : undefined}
        markerEnd={`url(#arrow-${props.machineId}-${tone})`}
      />
      {route.label && (
        <g>
          <rect
            x={route.label.x - 1}
            y={route.label.y}
            width={route.label.width + 2}
            height={route.label.height}
            rx={3}
            fill={tone === 'last' ? '#fef3c7' : '#ffffff'}
            fillOpacity={0.92}
            stroke={tone === 'last' ? '#f59e0b' : 'none'}
          />
          {route.label.lines.map((line, i) => (
            <text
              key={i}
              x={route.label!.x + route.label!.width / 2}
              y={route.label!.y + 13 + i * LABEL_LINE_HEIGHT}
              textAnchor="middle"
              style={{ font: LABEL_FONT }}
              fill={i === 0 ? (tone === 'covered' ? '#047857' : '#0f172a') : '#64748b'}
            >
              {line}
            </text>
          ))}
        </g>
      )}
    </g>
  )
}

export function StatechartDiagram(props: StatechartDiagramProps) {
  const { t } = useLingui()
  const { layout, zoom, machineId } = props
  const tones: EdgeTone[] = ['plain', 'covered', 'uncovered', 'last', 'initial']
  // The last transition's edges are drawn last, on top of the others.
  const edges = [...layout.edges].sort((a, b) => Number(edgeTone(a, props) === 'last') - Number(edgeTone(b, props) === 'last'))
  return (
    <svg
      role="group"
      aria-label={t`Statechart of ${machineId}`}
      width={Math.ceil(layout.width * zoom)}
      height={Math.ceil(layout.height * zoom)}
      viewBox={`0 0 ${Math.ceil(layout.width)} ${Math.ceil(layout.height)}`}
      className="block max-w-none select-none"
    >
      <defs>
        {tones.map((tone) => (
          <marker
            key={tone}
            id={`arrow-${machineId}-${tone}`}
            viewBox="0 0 10 10"
            refX="9"
            refY="5"
            markerWidth="7"
            markerHeight="7"
            orient="auto-start-reverse"
          >
            <path d="M0,0 L10,5 L0,10 z" fill={STROKE[tone]} />
          </marker>
        ))}
      </defs>
      {layout.nodes.map((box) => (
        <StateBox key={box.node.id} box={box} props={props} />
      ))}
      {layout.markers.map((m) => (
        <circle key={m.parentId} cx={m.cx} cy={m.cy} r={5} fill={STROKE.initial} data-initial-of={m.parentId} />
      ))}
      {edges.map((route) => (
        <Edge key={route.id} route={route} props={props} />
      ))}
    </svg>
  )
}
