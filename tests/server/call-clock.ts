import type { SetTimer } from '../../server/config'

/**
 * A server clock that tests move by hand: `now` and `setTimer` for ServerOptions. `advance(ms)`
 * moves the time on and runs, in order, every timer that became due; nothing waits for real time.
 */
export class FakeClock {
  private at: number
  private timers: { due: number; run: () => void; live: boolean }[] = []

  constructor(start = Date.now()) {
    this.at = start
  }

  now = (): number => this.at

  setTimer: SetTimer = (run, ms) => {
    const timer = { due: this.at + ms, run, live: true }
    this.timers.push(timer)
    return () => {
      timer.live = false
    }
  }

  /** Timers set and not yet run or cancelled. */
  get pending(): number {
    return this.timers.filter((t) => t.live).length
  }

  advance(ms: number): void {
    this.at += ms
    const due = this.timers.filter((t) => t.live && t.due <= this.at).sort((a, b) => a.due - b.due)
    this.timers = this.timers.filter((t) => t.live && t.due > this.at)
    for (const timer of due) {
      timer.live = false
      timer.run()
    }
  }
}
