import { availableParallelism } from 'node:os'
import { describe, expect, it, vi } from 'vitest'

/** argon2 replaced by a counter of the computations in flight, each one finishing a tick later. */
const argon2 = vi.hoisted(() => {
  const state = { inFlight: 0, peak: 0, started: 0 }
  const work = async <T>(value: T) => {
    state.started++
    state.inFlight++
    state.peak = Math.max(state.peak, state.inFlight)
    await new Promise((resolve) => setTimeout(resolve, 5))
    state.inFlight--
    return value
  }
  return { state, hash: () => work('$argon2id$stub'), verify: () => work(false) }
})
vi.mock('@node-rs/argon2', () => ({ hash: argon2.hash, verify: argon2.verify }))

const { checkPassword, hashPassword, isCommonPassword } = await import('../../server/auth/passwords')

describe('password hashing (M2)', () => {
  it('runs at most one argon2 computation per core at a time, and every call still completes', async () => {
    const cores = availableParallelism()
    const calls = Array.from({ length: cores * 4 + 3 }, (_, i) => (i % 2 ? hashPassword(`pw-${i}`) : checkPassword(undefined, `pw-${i}`)))
    await Promise.all(calls)
    expect(argon2.state.started).toBe(calls.length)
    expect(argon2.state.peak).toBeGreaterThan(0)
    expect(argon2.state.peak).toBeLessThanOrEqual(cores)
    expect(argon2.state.inFlight).toBe(0)
  })
})

describe('common passwords (L10)', () => {
  it('knows the common ones whatever their case, and not a made-up phrase', () => {
    for (const p of ['123456', 'password', 'iloveyou', 'Sunshine', 'QWERTYUIOP', 'trustno1']) expect(isCommonPassword(p), p).toBe(true)
    for (const p of ['correct-horse-1', 'tím-gà-bảy-con', 'long-enough-9']) expect(isCommonPassword(p), p).toBe(false)
  })
})
