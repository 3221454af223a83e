// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { fireEvent, render, screen } from '@testing-library/react'
import { useLongPress } from '../../../src/ui/conversation/use-long-press'

/** A message bubble with the long press, and a click counter for the click that ends a press. */
function Bubble({ onLongPress, onClick }: { onLongPress: () => void; onClick: () => void }) {
  return (
    <div data-testid="bubble" {...useLongPress(onLongPress)}>
      <button type="button" onClick={onClick}>
        link
      </button>
    </div>
  )
}

const setup = () => {
  const onLongPress = vi.fn()
  const onClick = vi.fn()
  render(<Bubble onLongPress={onLongPress} onClick={onClick} />)
  return { onLongPress, onClick, bubble: screen.getByTestId('bubble') }
}
const down = (el: HTMLElement, pointerType = 'touch', x = 10, y = 10) => fireEvent.pointerDown(el, { pointerType, clientX: x, clientY: y })

beforeEach(() => {
  vi.useFakeTimers()
})
afterEach(() => {
  vi.useRealTimers()
})

describe('long press on a message (touch, 500 ms)', () => {
  it('fires once a finger has rested 500 ms, not a millisecond before', () => {
    const { onLongPress, bubble } = setup()
    down(bubble)
    vi.advanceTimersByTime(499)
    expect(onLongPress).not.toHaveBeenCalled()
    vi.advanceTimersByTime(1)
    expect(onLongPress).toHaveBeenCalledTimes(1)
    vi.advanceTimersByTime(5_000)
    expect(onLongPress).toHaveBeenCalledTimes(1)
  })

  it('a pen counts; a mouse never does (its press selects text)', () => {
    const { onLongPress, bubble } = setup()
    down(bubble, 'mouse')
    vi.advanceTimersByTime(1_000)
    expect(onLongPress).not.toHaveBeenCalled()
    down(bubble, 'pen')
    vi.advanceTimersByTime(500)
    expect(onLongPress).toHaveBeenCalledTimes(1)
  })

  it('lifting, cancelling or leaving before 500 ms is a tap, not a long press', () => {
    const { onLongPress, bubble } = setup()
    for (const end of [fireEvent.pointerUp, fireEvent.pointerCancel, fireEvent.pointerLeave]) {
      down(bubble)
      vi.advanceTimersByTime(400)
      end(bubble)
      vi.advanceTimersByTime(1_000)
    }
    expect(onLongPress).not.toHaveBeenCalled()
  })

  it('a finger that moves more than 10 px is scrolling; within 10 px it still presses', () => {
    const { onLongPress, bubble } = setup()
    down(bubble, 'touch', 10, 10)
    fireEvent.pointerMove(bubble, { pointerType: 'touch', clientX: 16, clientY: 18 })
    vi.advanceTimersByTime(500)
    expect(onLongPress).toHaveBeenCalledTimes(1)
    down(bubble, 'touch', 10, 10)
    fireEvent.pointerMove(bubble, { pointerType: 'touch', clientX: 10, clientY: 21 })
    vi.advanceTimersByTime(1_000)
    expect(onLongPress).toHaveBeenCalledTimes(1)
  })

  it('the click that ends a long press does not reach what is under the finger; a tap’s does', () => {
    const { onClick, bubble } = setup()
    const link = screen.getByRole('button', { name: 'link' })
    down(bubble)
    vi.advanceTimersByTime(500)
    fireEvent.pointerUp(bubble)
    fireEvent.click(link)
    expect(onClick).not.toHaveBeenCalled()
    down(bubble)
    fireEvent.pointerUp(bubble)
    fireEvent.click(link)
    expect(onClick).toHaveBeenCalledTimes(1)
  })
})
