// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest'
import { paintedAfter } from '../../../src/services/first-paint'

/**
 * paintedAfter: the first page counts as painted one frame after its first render, or at once when
 * the tab is hidden (a hidden tab runs no animation frame until shown).
 */
const visibility = (state: DocumentVisibilityState) =>
  Object.defineProperty(document, 'visibilityState', { value: state, configurable: true })
const settled = async (promise: Promise<void>) => {
  let done = false
  void promise.then(() => (done = true))
  await vi.advanceTimersByTimeAsync(1)
  return done
}

afterEach(() => {
  vi.useRealTimers()
  visibility('visible')
})

describe('paintedAfter', () => {
  it('waits for the first render, then for the next frame', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'requestAnimationFrame'] })
    visibility('visible')
    let rendered: () => void = () => {}
    const painted = paintedAfter((done) => (rendered = done))
    expect(await settled(painted)).toBe(false)
    rendered()
    expect(await settled(painted)).toBe(false)
    await vi.advanceTimersToNextFrame()
    expect(await settled(painted)).toBe(true)
  })

  it('in a hidden tab, at the first render: no frame is waited for', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'requestAnimationFrame'] })
    visibility('hidden')
    const painted = paintedAfter((done) => done())
    expect(await settled(painted)).toBe(true)
  })

  it('when the tab turns hidden before the frame', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'requestAnimationFrame'] })
    visibility('visible')
    const painted = paintedAfter((done) => done())
    expect(await settled(painted)).toBe(false)
    visibility('hidden')
    document.dispatchEvent(new Event('visibilitychange'))
    expect(await settled(painted)).toBe(true)
  })
})
