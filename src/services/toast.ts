import { msg } from '@lingui/core/macro'
import type { ToastText } from './error-catalogue'

/** A tiny store of the toasts on screen; src/ui/toast.tsx renders it. */
export type ToastTone = 'error' | 'info' | 'success'

export interface Toast {
  id: number
  text: ToastText
  tone: ToastTone
  link?: { to: '/pricing'; label: ToastText }
  /** A way back from what the toast reports (e.g. Undo after Hide): runs once, then the toast goes. */
  action?: { label: ToastText; run: () => void }
}

export const TOAST_DURATION_MS = 5000

type Listener = () => void

let toasts: readonly Toast[] = []
let nextId = 1
const listeners = new Set<Listener>()
const timers = new Map<number, ReturnType<typeof setTimeout>>()

function publish(next: readonly Toast[]) {
  toasts = next
  for (const listener of listeners) listener()
}

export function showToast(toast: Omit<Toast, 'id'>, durationMs = TOAST_DURATION_MS): number {
  const id = nextId++
  // The same message twice in a row (e.g. two failing calls at once) shows once.
  const duplicate = toasts.find((t) => t.tone === toast.tone && sameText(t.text, toast.text))
  if (duplicate) dismissToast(duplicate.id)
  publish([...toasts, { ...toast, id }].slice(-4))
  timers.set(
    id,
    setTimeout(() => dismissToast(id), durationMs),
  )
  return id
}

export function dismissToast(id: number) {
  const timer = timers.get(id)
  if (timer) clearTimeout(timer)
  timers.delete(id)
  if (toasts.some((t) => t.id === id)) publish(toasts.filter((t) => t.id !== id))
}

export const getToasts = () => toasts

export function subscribeToasts(listener: Listener): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

function sameText(a: ToastText, b: ToastText) {
  return typeof a === 'string' || typeof b === 'string' ? a === b : a.id === b.id
}

/** How every save reports that it saved: one success toast ("Saved", or what was done). */
export function confirmSaved(text: ToastText = msg`Saved`): number {
  return showToast({ tone: 'success', text })
}

/**
 * How a one-click destructive action offers a way back (Hide, Unfriend, Sign out others): a toast
 * saying what was done with an Undo button that runs `undo`, for longer than a plain notice.
 */
export function offerUndo(text: ToastText, undo: () => void): number {
  return showToast({ tone: 'info', text, action: { label: msg`Undo`, run: undo } }, UNDO_DURATION_MS)
}

export const UNDO_DURATION_MS = 10_000
