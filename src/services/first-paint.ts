import { useEffect, useState } from 'react'

/**
 * The moment the first page is on screen (main.tsx: the router's first render, then the next
 * frame's paint). Code that shows nothing on the first page, and has nothing to do before the socket
 * connects (which also waits for it: socket.ts), loads after it: it is no part of the page's start.
 * Where nothing tells it (tests), the first page counts as painted.
 */
let painted: Promise<void> = Promise.resolve()
let isPainted = true

/** main.tsx: the first page is painted when `rendered` resolves. */
export function firstPagePaintedWhen(rendered: Promise<void>): void {
  isPainted = false
  painted = rendered.then(() => {
    isPainted = true
  })
}

/**
 * When the first page is painted: the next frame's paint after `onFirstRender` reports the first
 * render, or at once when the page is hidden then or turns hidden before that frame (a hidden tab
 * paints no frame and runs no animation frame until shown: an app opened in a background tab would
 * otherwise not connect its socket, nor ring for a call, until someone looked at it).
 */
export function paintedAfter(onFirstRender: (rendered: () => void) => void): Promise<void> {
  return new Promise((resolve) => {
    onFirstRender(() => {
      if (document.visibilityState === 'hidden') return resolve()
      document.addEventListener('visibilitychange', () => resolve(), { once: true })
      requestAnimationFrame(() => setTimeout(resolve))
    })
  })
}

/** Resolves once the first page is painted. */
export const firstPagePainted = (): Promise<void> => painted

/** Whether the first page is painted: false during its render, true from the frame after. */
export function useFirstPagePainted(): boolean {
  const [done, setDone] = useState(isPainted)
  useEffect(() => {
    if (done) return
    let current = true
    void painted.then(() => current && setDone(true))
    return () => {
      current = false
    }
  }, [done])
  return done
}
