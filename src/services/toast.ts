import type { ToastText } from './error-catalogue'

/** A tiny store of the toasts on screen; src/ui/toast.tsx renders it. */
export type ToastTone = 'error' | 'info' | 'success'

export interface Toast {
  id: number
  text: ToastText
  tone: ToastTone
  link?: { to: '/pricing'; label: ToastText }
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
