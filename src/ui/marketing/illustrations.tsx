/** Inline SVG art for the marketing pages. Decorative (aria-hidden); the text next to it carries the meaning. */

/** A Workroom window: channel sidebar, topic chat with bubbles, a call tile and a calendar card. */
export function AppWindowArt({ className = 'w-full h-auto' }: { className?: string }) {
  return (
    <svg viewBox="0 0 560 400" className={className} aria-hidden="true" focusable="false">
      <defs>
        <linearGradient id="aw-bg" x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#eef2ff" />
          <stop offset="1" stopColor="#e0e7ff" />
        </linearGradient>
      </defs>
      <rect x="8" y="8" width="544" height="384" rx="20" fill="url(#aw-bg)" />
      <rect x="24" y="24" width="512" height="352" rx="14" fill="#fff" stroke="#c7d2fe" />
      <circle cx="44" cy="42" r="5" fill="#f87171" />
      <circle cx="60" cy="42" r="5" fill="#fbbf24" />
      <circle cx="76" cy="42" r="5" fill="#34d399" />
      {/* sidebar */}
      <rect x="24" y="58" width="120" height="318" fill="#312e81" />
      <rect x="40" y="76" width="28" height="28" rx="8" fill="#6366f1" />
      <rect x="76" y="84" width="52" height="10" rx="5" fill="#a5b4fc" />
      {[0, 1, 2, 3, 4].map((i) => (
        <g key={i}>
          <rect x="40" y={124 + i * 30} width="14" height="14" rx="4" fill={i === 1 ? '#fbbf24' : '#818cf8'} />
          <rect x="62" y={127 + i * 30} width={60 - i * 6} height="8" rx="4" fill={i === 1 ? '#fff' : '#c7d2fe'} />
        </g>
      ))}
      {/* chat */}
      <rect x="160" y="72" width="200" height="12" rx="6" fill="#cbd5e1" />
      <circle cx="178" cy="116" r="12" fill="#fda4af" />
      <rect x="198" y="102" width="150" height="30" rx="12" fill="#f1f5f9" />
      <circle cx="178" cy="166" r="12" fill="#93c5fd" />
      <rect x="198" y="152" width="120" height="30" rx="12" fill="#f1f5f9" />
      <rect x="218" y="198" width="130" height="30" rx="12" fill="#6366f1" />
      <rect x="198" y="244" width="150" height="54" rx="12" fill="#f8fafc" stroke="#e2e8f0" />
      <rect x="210" y="256" width="70" height="8" rx="4" fill="#94a3b8" />
      <rect x="210" y="272" width="110" height="8" rx="4" fill="#c7d2fe" />
      <rect x="210" y="284" width="80" height="6" rx="3" fill="#a5b4fc" />
      <rect x="160" y="330" width="200" height="30" rx="10" fill="#fff" stroke="#cbd5e1" />
      {/* call tile */}
      <rect x="380" y="72" width="140" height="104" rx="12" fill="#0f172a" />
      <circle cx="450" cy="112" r="20" fill="#fcd34d" />
      <rect x="422" y="144" width="56" height="8" rx="4" fill="#475569" />
      <circle cx="430" cy="164" r="7" fill="#ef4444" />
      <circle cx="470" cy="164" r="7" fill="#22c55e" />
      {/* calendar */}
      <rect x="380" y="192" width="140" height="168" rx="12" fill="#fff" stroke="#e2e8f0" />
      <rect x="380" y="192" width="140" height="28" rx="12" fill="#4f46e5" />
      {Array.from({ length: 20 }, (_, i) => (
        <rect
          key={i}
          x={392 + (i % 5) * 25}
          y={232 + Math.floor(i / 5) * 30}
          width="18"
          height="18"
          rx="5"
          fill={i === 7 ? '#4f46e5' : i === 13 ? '#fbbf24' : '#eef2ff'}
        />
      ))}
    </svg>
  )
}

/** People around a table: used for About and managed services. */
export function TeamArt({ className = 'w-full h-auto' }: { className?: string }) {
  return (
    <svg viewBox="0 0 480 320" className={className} aria-hidden="true" focusable="false">
      <rect width="480" height="320" rx="24" fill="#eef2ff" />
      <ellipse cx="240" cy="230" rx="170" ry="40" fill="#c7d2fe" />
      <rect x="110" y="190" width="260" height="24" rx="12" fill="#4f46e5" />
      {[
        { x: 140, c: '#fda4af', s: '#f43f5e' },
        { x: 205, c: '#fcd34d', s: '#0ea5e9' },
        { x: 275, c: '#a7f3d0', s: '#6366f1' },
        { x: 340, c: '#fdba74', s: '#10b981' },
      ].map((p) => (
        <g key={p.x}>
          <circle cx={p.x} cy="110" r="24" fill={p.c} />
          <path d={`M${p.x - 34} 190c0-34 15-52 34-52s34 18 34 52z`} fill={p.s} />
        </g>
      ))}
      <rect x="196" y="40" width="88" height="40" rx="12" fill="#fff" />
      <path d="M230 80l10 12 10-12z" fill="#fff" />
      <rect x="208" y="52" width="64" height="6" rx="3" fill="#a5b4fc" />
      <rect x="208" y="64" width="44" height="6" rx="3" fill="#c7d2fe" />
      <rect x="330" y="250" width="110" height="50" rx="12" fill="#fff" />
      <path
        d="M346 286l14-16 12 10 18-22 16 14"
        fill="none"
        stroke="#4f46e5"
        strokeWidth="4"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  )
}

/** A phone showing the app: used on the download page and the tenant landings. */
export function PhoneArt({ className = 'w-full h-auto' }: { className?: string }) {
  return (
    <svg viewBox="0 0 220 400" className={className} aria-hidden="true" focusable="false">
      <rect x="10" y="6" width="200" height="388" rx="34" fill="#0f172a" />
      <rect x="22" y="20" width="176" height="360" rx="24" fill="#fff" />
      <rect x="86" y="28" width="48" height="8" rx="4" fill="#0f172a" />
      <rect x="34" y="50" width="152" height="36" rx="10" fill="#4f46e5" />
      <rect x="46" y="63" width="60" height="10" rx="5" fill="#c7d2fe" />
      {[0, 1, 2, 3].map((i) => (
        <g key={i}>
          <circle cx="50" cy={118 + i * 48} r="14" fill={['#fda4af', '#93c5fd', '#fcd34d', '#a7f3d0'][i]} />
          <rect x="72" y={108 + i * 48} width={90 - i * 8} height="8" rx="4" fill="#334155" />
          <rect x="72" y={122 + i * 48} width={110 - i * 10} height="6" rx="3" fill="#cbd5e1" />
        </g>
      ))}
      <rect x="34" y="314" width="152" height="44" rx="14" fill="#eef2ff" />
      <circle cx="70" cy="336" r="8" fill="#6366f1" />
      <circle cx="110" cy="336" r="8" fill="#a5b4fc" />
      <circle cx="150" cy="336" r="8" fill="#a5b4fc" />
    </svg>
  )
}
