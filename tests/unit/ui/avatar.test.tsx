// @vitest-environment jsdom
import { describe, expect, it } from 'vitest'
import { render } from '@testing-library/react'
import { Avatar, AVATAR_COLORS } from '../../../src/ui/avatar'

/** WCAG 2 relative luminance of an sRGB colour given as rgb(r, g, b) channels 0..255. */
const luminance = ([r, g, b]: number[]) => {
  const linear = (c: number) => {
    const s = c / 255
    return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4
  }
  return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b)
}
const contrast = (a: number[], b: number[]) => {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x)
  return (hi + 0.05) / (lo + 0.05)
}
const WHITE = [255, 255, 255]
/** The channels of a background as the browser reports it: rgb(r, g, b). */
const channelsOf = (css: string) => css.match(/\d+/g)!.slice(0, 3).map(Number)

describe('Avatar initials', () => {
  it('every palette colour keeps white initials at 4.5:1 or more', () => {
    for (const hex of AVATAR_COLORS) {
      const channels = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16))
      expect(contrast(WHITE, channels), hex).toBeGreaterThanOrEqual(4.5)
    }
  })

  it('the avatar draws its initials in white on a background at 4.5:1 or more', () => {
    const seen = new Set<string>()
    // Enough initials to meet every colour of the palette.
    for (const initials of ['AB', 'LN', 'TT', 'ĐV', 'QH', 'MK', 'ZZ', 'PA', 'HN', 'BÌ', 'XY', 'CD', 'EF', 'GH']) {
      const { container, unmount } = render(<Avatar photoUrl={null} initials={initials} />)
      const badge = container.firstElementChild as HTMLElement
      // Drawn from data-initials (CSS ::before content), in white.
      expect(badge.getAttribute('data-initials')).toBe(initials)
      expect(badge.className).toContain('before:content-[attr(data-initials)]')
      expect(badge.className).toContain('text-white')
      const background = channelsOf(badge.style.backgroundColor)
      expect(contrast(WHITE, background), `${initials}: ${badge.style.backgroundColor}`).toBeGreaterThanOrEqual(4.5)
      seen.add(badge.style.backgroundColor)
      unmount()
    }
    expect(seen.size).toBeGreaterThan(1)
  })
})
