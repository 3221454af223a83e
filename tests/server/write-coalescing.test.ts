import { describe, expect, it } from 'vitest'
import { COALESCE_ABOVE, DIRECT_BELOW, loadGate } from '../../server/realtime/write-coalescing'

describe('write coalescing follows the event loop’s load', () => {
  it('starts writing at once, coalesces once the loop is saturated, and stops only when it has time again', () => {
    const gate = loadGate(COALESCE_ABOVE, DIRECT_BELOW)
    expect([0.1, 0.45, 0.79].map(gate)).toEqual([false, false, false])
    expect(gate(0.95)).toBe(true)
    // Between the two bounds it keeps what it was doing, so a load near one value does not flap.
    expect([0.7, 0.65, 0.79].map(gate)).toEqual([true, true, true])
    expect(gate(0.4)).toBe(false)
    expect(gate(0.7)).toBe(false)
  })
})
