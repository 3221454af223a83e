import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { confirmSaved, dismissToast, getToasts, offerUndo } from '../../../src/services/toast'

const textOf = (text: unknown) => (typeof text === 'string' ? text : (text as { message?: string }).message)

describe('feedback toasts', () => {
  beforeEach(() => vi.useFakeTimers())
  afterEach(() => {
    for (const toast of getToasts()) dismissToast(toast.id)
    vi.useRealTimers()
  })

  it('a save says "Saved" as a success, unless told what was saved', () => {
    confirmSaved()
    confirmSaved('Profile updated')
    expect(getToasts().map((t) => [t.tone, textOf(t.text)])).toEqual([
      ['success', 'Saved'],
      ['success', 'Profile updated'],
    ])
  })

  it('Undo runs the way back once and the toast stays 10 s, twice as long as a notice', () => {
    const undo = vi.fn()
    offerUndo('Chat hidden', undo)
    const [toast] = getToasts()
    expect(textOf(toast!.action!.label)).toBe('Undo')
    vi.advanceTimersByTime(9_999)
    expect(getToasts()).toHaveLength(1)
    toast!.action!.run()
    expect(undo).toHaveBeenCalledTimes(1)
    vi.advanceTimersByTime(1)
    expect(getToasts()).toHaveLength(0)
  })
})
