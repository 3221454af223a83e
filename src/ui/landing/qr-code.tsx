import { useMemo } from 'react'
import { encodeQr, qrPath } from './qr-encode'

/** A QR code drawn as inline SVG. `label` is its accessible name. */
export function QrCode({ value, label, className = 'h-32 w-32' }: { value: string; label: string; className?: string }) {
  const { path, extent } = useMemo(() => {
    const matrix = encodeQr(value)
    return { path: qrPath(matrix, 4), extent: matrix.size + 8 }
  }, [value])
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
