import { describe, expect, it } from 'vitest'
import { encodeQr, qrPath, type QrMatrix } from '../../../src/ui/landing/qr-encode'

const row = (m: QrMatrix, y: number, x0: number, n: number) => m.modules[y].slice(x0, x0 + n).map((d) => (d ? 1 : 0)).join('')

/** Reads the 15 format bits (first copy) and returns [errorCorrectionBits, mask] after BCH check. */
function readFormat(m: QrMatrix): [number, number] {
  const bits: boolean[] = []
  for (let i = 0; i <= 5; i++) bits[i] = m.modules[i][8]
  bits[6] = m.modules[7][8]
  bits[7] = m.modules[8][8]
  bits[8] = m.modules[8][7]
  for (let i = 9; i < 15; i++) bits[i] = m.modules[8][14 - i]
  const value = bits.reduce((acc, b, i) => acc | ((b ? 1 : 0) << i), 0) ^ 0x5412
  const data = value >>> 10
  let rem = data
  for (let i = 0; i < 10; i++) rem = (rem << 1) ^ ((rem >>> 9) * 0x537)
  expect(((data << 10) | rem) & 0x7fff).toBe(value)
  return [data >>> 3, data & 7]
}

describe('QR encoder', () => {
  it('picks the smallest version that fits (level M, byte mode)', () => {
    expect(encodeQr('hi').version).toBe(1)
    expect(encodeQr('x'.repeat(14)).version).toBe(1) // 16 data codewords - 2 header bytes
    expect(encodeQr('x'.repeat(15)).version).toBe(2)
    expect(encodeQr('http://localhost:3000/download-app').version).toBe(3)
    expect(encodeQr('y'.repeat(213)).version).toBe(10)
    expect(() => encodeQr('y'.repeat(214))).toThrow(RangeError)
  })

  it('draws finder, timing and dark-module patterns', () => {
    const m = encodeQr('https://workroom.app/download-app')
    expect(m.size).toBe(m.version * 4 + 17)
    for (const [x, y] of [
      [0, 0],
      [m.size - 7, 0],
      [0, m.size - 7],
    ]) {
      expect(row(m, y, x, 7)).toBe('1111111')
      expect(row(m, y + 1, x, 7)).toBe('1000001')
      expect(row(m, y + 3, x, 7)).toBe('1011101')
      expect(row(m, y + 6, x, 7)).toBe('1111111')
    }
    for (let i = 8; i < m.size - 8; i++) {
      expect(m.modules[6][i]).toBe(i % 2 === 0)
      expect(m.modules[i][6]).toBe(i % 2 === 0)
    }
    expect(m.modules[m.size - 8][8]).toBe(true)
  })

  it('writes valid format information for level M and the chosen mask', () => {
    for (let mask = 0; mask < 8; mask++) {
      const m = encodeQr('Workroom', { mask })
      expect(readFormat(m)).toEqual([0b00, mask])
    }
    const auto = encodeQr('Workroom')
    expect(readFormat(auto)[1]).toBe(auto.mask)
  })

  it('adds version information from version 7', () => {
    const m = encodeQr('z'.repeat(150))
    expect(m.version).toBeGreaterThanOrEqual(7)
    let bits = 0
    for (let i = 0; i < 18; i++) if (m.modules[Math.floor(i / 3)][m.size - 11 + (i % 3)]) bits |= 1 << i
    expect(bits >>> 12).toBe(m.version)
  })

  it('is deterministic and renders one square per dark module', () => {
    const a = encodeQr('http://localhost:3000/download-app')
    const b = encodeQr('http://localhost:3000/download-app')
    expect(a.modules).toEqual(b.modules)
    const dark = a.modules.flat().filter(Boolean).length
    expect(qrPath(a).match(/M/g)!.length).toBe(dark)
    expect(qrPath(a, 4).startsWith('M4 4h1v1h-1z')).toBe(true)
  })
})
