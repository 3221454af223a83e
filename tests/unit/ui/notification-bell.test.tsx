// @vitest-environment jsdom
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { render } from '@testing-library/react'
import { I18nProvider } from '@lingui/react'
import { i18n } from '@lingui/core'
import { NotificationBell } from '../../../src/ui/notification-badge/notification-bell'

/**
 * The bell's unread count is white on its red: 4.5:1 or more (WCAG AA for text); the dot without
 * a count is not text, 3:1 against the white around it. The colours come from Tailwind's own theme
 * (oklch), converted here, not from the component.
 */

const THEME = readFileSync(path.resolve(__dirname, '../../../node_modules/tailwindcss/theme.css'), 'utf8')

/** The relative luminance of a Tailwind colour (oklch, clipped to sRGB). */
function luminanceOf(name: string): number {
  const match = new RegExp(`--color-${name}: oklch\\(([\\d.]+)% ([\\d.]+) ([\\d.]+)\\)`).exec(THEME)
  if (!match) throw new Error(`no colour ${name} in Tailwind's theme`)
  const [L, C, h] = [Number(match[1]) / 100, Number(match[2]), (Number(match[3]) * Math.PI) / 180]
  const [a, b] = [C * Math.cos(h), C * Math.sin(h)]
  const l = (L + 0.3963377774 * a + 0.2158037573 * b) ** 3
  const m = (L - 0.1055613458 * a - 0.0638541728 * b) ** 3
  const s = (L - 0.0894841775 * a - 1.291485548 * b) ** 3
  const clip = (v: number) => Math.min(1, Math.max(0, v))
  const red = clip(4.0767416621 * l - 3.3077115913 * m + 0.2309699292 * s)
  const green = clip(-1.2684380046 * l + 2.6097574011 * m - 0.3413193965 * s)
  const blue = clip(-0.0041960863 * l - 0.7034186147 * m + 1.707614701 * s)
  return 0.2126 * red + 0.7152 * green + 0.0722 * blue
}
const againstWhite = (name: string) => 1.05 / (luminanceOf(name) + 0.05)

function badgeOf(dot: boolean, unread: number) {
  const { container } = render(
    <I18nProvider i18n={i18n}>
      <NotificationBell dot={dot} unread={unread} drawerOpen={false} onOpen={() => {}} />
    </I18nProvider>,
  )
  const badge = container.querySelector<HTMLElement>('[data-dot]')!
  const background = /(?:^| )bg-([a-z]+-\d+)(?: |$)/.exec(badge.className)?.[1]
  return { badge, background: background! }
}

describe('the notification bell badge', () => {
  it("the conversion agrees with known figures: white on Tailwind's red-500 is under 4.5:1", () => {
    expect(againstWhite('red-500')).toBeLessThan(4.5)
    expect(againstWhite('red-500')).toBeGreaterThan(3.5)
  })

  it('the unread count reads white at 4.5:1 or more', () => {
    const { badge, background } = badgeOf(true, 7)
    expect(badge.textContent).toBe('7')
    expect(badge.className).toContain('text-white')
    expect(againstWhite(background), background).toBeGreaterThanOrEqual(4.5)
  })

  it('the dot alone stands out from the white around it at 3:1 or more', () => {
    const { badge, background } = badgeOf(true, 0)
    expect(badge.textContent).toBe('')
    expect(againstWhite(background), background).toBeGreaterThanOrEqual(3)
  })
})
