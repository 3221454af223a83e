// @vitest-environment jsdom
import { render, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { QrCode } from '../../../src/ui/landing/qr-code'

/** The dark modules drawn, as "x,y" in symbol coordinates (the quiet zone of 4 taken off). */
function darkModules(svg: Element): Set<string> {
  const d = svg.querySelector('path')!.getAttribute('d')!
  return new Set([...d.matchAll(/M(\d+) (\d+)h1v1h-1z/g)].map(([, x, y]) => `${Number(x) - 4},${Number(y) - 4}`))
}

/** A finder pattern at (left, top): 7x7 dark ring, light ring, 3x3 dark centre. */
function hasFinder(dark: Set<string>, left: number, top: number): boolean {
  for (let y = 0; y < 7; y++) {
    for (let x = 0; x < 7; x++) {
      const ring = Math.max(Math.abs(x - 3), Math.abs(y - 3))
      if (dark.has(`${left + x},${top + y}`) !== (ring !== 2)) return false
    }
  }
  return true
}

describe('QrCode', () => {
  it('draws the download link as an accessible SVG symbol of the size its version gives', () => {
    const value = 'http://localhost:3000/download-app'
    render(<QrCode value={value} label="QR code linking to the Workroom app download page" />)
    const svg = screen.getByRole('img', { name: 'QR code linking to the Workroom app download page' })
    // 34 bytes at error correction level M need version 3: 4 * 3 + 17 = 29 modules, + 2 * 4 quiet zone
    expect(svg.getAttribute('viewBox')).toBe('0 0 37 37')
    const dark = darkModules(svg)
    expect(hasFinder(dark, 0, 0)).toBe(true)
    expect(hasFinder(dark, 29 - 7, 0)).toBe(true)
    expect(hasFinder(dark, 0, 29 - 7)).toBe(true)
    expect(hasFinder(dark, 29 - 7, 29 - 7)).toBe(false)
    // the timing pattern between the top finders alternates
    for (let x = 8; x < 21; x++) expect(dark.has(`${x},6`)).toBe(x % 2 === 0)
  })

  it('grows with the text', () => {
    render(<QrCode value={'x'.repeat(100)} label="long" />)
    const svg = screen.getByRole('img', { name: 'long' })
    // 100 bytes at level M: past version 5 (84 bytes), within version 6 (106): 4 * 6 + 17 = 41 modules
    expect(svg.getAttribute('viewBox')).toBe('0 0 49 49')
    const dark = darkModules(svg)
    expect([hasFinder(dark, 0, 0), hasFinder(dark, 41 - 7, 0), hasFinder(dark, 0, 41 - 7), hasFinder(dark, 41 - 7, 41 - 7)]).toEqual([
      true,
      true,
      true,
      false,
    ])
  })
})
