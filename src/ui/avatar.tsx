import { useState } from 'react'

/** Avatar sizes 40, 48, 50 and 64 px (docs/product-rules.md, Layout constants). */
export type AvatarSize = 40 | 48 | 50 | 64

export interface AvatarProps {
  photoUrl: string | null
  /** Shown when there is no photo (or it fails to load). */
  initials: string
  size?: AvatarSize
  /** Accessible name; decorative (empty) when the name is shown next to it. */
  label?: string
}

const SIZES: Record<AvatarSize, string> = {
  40: 'h-10 w-10 text-sm',
  48: 'h-12 w-12 text-base',
  50: 'h-[50px] w-[50px] text-base',
  64: 'h-16 w-16 text-xl',
}

const COLORS = ['bg-indigo-500', 'bg-emerald-500', 'bg-amber-500', 'bg-rose-500', 'bg-sky-500', 'bg-violet-500', 'bg-teal-500']

function colorOf(seed: string) {
  let hash = 0
  for (const char of seed) hash = (hash * 31 + (char.codePointAt(0) ?? 0)) >>> 0
  return COLORS[hash % COLORS.length]
}

export function Avatar({ photoUrl, initials, size = 40, label = '' }: AvatarProps) {
  const [failed, setFailed] = useState<string | null>(null)
  const showPhoto = photoUrl !== null && failed !== photoUrl
  return showPhoto ? (
    <img
      src={photoUrl}
      alt={label}
      width={size}
      height={size}
      onError={() => setFailed(photoUrl)}
      className={`${SIZES[size]} shrink-0 rounded-full object-cover`}
    />
  ) : (
    <span
      role={label ? 'img' : undefined}
      aria-label={label || undefined}
      aria-hidden={label ? undefined : true}
      className={`${SIZES[size]} ${colorOf(initials)} inline-flex shrink-0 select-none items-center justify-center rounded-full font-semibold text-white`}
    >
      {initials}
    </span>
  )
}
