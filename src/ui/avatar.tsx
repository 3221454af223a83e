import { useState } from 'react'
import { PresenceDot, type PresenceDotProps } from './presence/presence-dot'

/** Avatar sizes 40, 48, 50 and 64 px (docs/product-rules.md, Layout constants). */
export type AvatarSize = 40 | 48 | 50 | 64

export interface AvatarProps {
  photoUrl: string | null
  /** Shown when there is no photo (or it fails to load). */
  initials: string
  size?: AvatarSize
  /** Accessible name; decorative (empty) when the name is shown next to it. */
  label?: string
  /** The person's presence as a dot on the avatar (online, away, offline, do not disturb), with its own accessible name. */
  presence?: PresenceDotProps | null
}

const SIZES: Record<AvatarSize, string> = {
  40: 'h-10 w-10 text-sm',
  48: 'h-12 w-12 text-base',
  50: 'h-[50px] w-[50px] text-base',
  64: 'h-16 w-16 text-xl',
}

/**
 * The backgrounds behind the white initials, as hex (Tailwind's indigo-600, emerald-700, amber-700,
 * rose-700, sky-700, violet-600 and teal-700): each keeps white text at 4.5:1 or more (WCAG AA).
 */
export const AVATAR_COLORS = ['#4f46e5', '#047857', '#b45309', '#be123c', '#0369a1', '#7c3aed', '#0f766e'] as const

function colorOf(seed: string) {
  let hash = 0
  for (const char of seed) hash = (hash * 31 + (char.codePointAt(0) ?? 0)) >>> 0
  return AVATAR_COLORS[hash % AVATAR_COLORS.length]
}

export function Avatar({ presence, ...props }: AvatarProps) {
  if (!presence) return <AvatarImage {...props} />
  return (
    <span className="relative inline-flex shrink-0">
      <AvatarImage {...props} />
      <PresenceDot {...presence} />
    </span>
  )
}

function AvatarImage({ photoUrl, initials, size = 40, label = '' }: Omit<AvatarProps, 'presence'>) {
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
    // The initials are drawn by CSS (a picture of them, like a photo): they are no text of the control
    // around them, whose name says who it is (axe label-content-name-mismatch).
    <span
      role={label ? 'img' : undefined}
      aria-label={label || undefined}
      aria-hidden={label ? undefined : true}
      data-initials={initials}
      style={{ backgroundColor: colorOf(initials) }}
      className={`${SIZES[size]} inline-flex shrink-0 select-none items-center justify-center rounded-full font-semibold text-white before:content-[attr(data-initials)]`}
    />
  )
}
