import { useMemo } from 'react'
import { create } from 'qrcode'

/** The quiet zone around the symbol, in modules (the QR standard asks for 4). */
const QUIET = 4

/** The dark modules of a QR symbol as one SVG path, offset by the quiet zone. */
export function qrPath(value: string): { path: string; extent: number } {
  // Level M: 15 % of the symbol may be damaged (a phone's camera on a screen), as before.
  const { modules } = create(value, { errorCorrectionLevel: 'M' })
  let path = ''
  for (let y = 0; y < modules.size; y++) {
    for (let x = 0; x < modules.size; x++) if (modules.get(y, x)) path += `M${x + QUIET} ${y + QUIET}h1v1h-1z`
  }
  return { path, extent: modules.size + 2 * QUIET }
}

/** A QR code drawn as inline SVG. `label` is its accessible name. */
export function QrCode({ value, label, className = 'h-32 w-32' }: { value: string; label: string; className?: string }) {
  const { path, extent } = useMemo(() => qrPath(value), [value])
  return (
    <svg
      role="img"
      aria-label={label}
      viewBox={`0 0 ${extent} ${extent}`}
      className={className}
      shapeRendering="crispEdges"
      data-qr-value={value}
    >
      <rect width={extent} height={extent} fill="#fff" />
      <path d={path} fill="#0f172a" />
    </svg>
  )
}

export default QrCode
