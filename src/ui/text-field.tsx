import { useId, type InputHTMLAttributes, type ReactNode, type TextareaHTMLAttributes } from 'react'

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  label: ReactNode
  /** Messages under the field; the field is marked invalid while there are any. */
  errors?: readonly string[]
  hint?: ReactNode
}

/** A labelled input; its label is its accessible name. */
export function TextField({ label, errors = [], hint, className = '', ...input }: TextFieldProps) {
  const id = useId()
  const describedBy = [errors.length > 0 ? `${id}-error` : null, hint ? `${id}-hint` : null].filter(Boolean).join(' ') || undefined
  return (
    <div className={className}>
      <label htmlFor={id} className="block text-sm font-medium text-slate-700">
        {label}
      </label>
      <input
        id={id}
        aria-invalid={errors.length > 0 || undefined}
        aria-describedby={describedBy}
        className="mt-1 block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-slate-900 shadow-sm placeholder:text-slate-400 focus:border-indigo-500 focus:ring-2 focus:ring-indigo-200 focus:outline-none aria-[invalid]:border-red-400"
        {...input}
      />
      {hint ? (
        <p id={`${id}-hint`} className="mt-1 text-xs text-slate-500">
          {hint}
        </p>
      ) : null}
      {errors.length > 0 ? (
        <p id={`${id}-error`} className="mt-1 text-sm text-red-600">
          {errors.join(' ')}
        </p>
      ) : null}
    </div>
  )
}

export interface TextAreaFieldProps extends Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id'> {
  label: ReactNode
  /** Messages under the field; the field is marked invalid while there are any. */
  errors?: readonly string[]
}

/** A labelled multi-line field (a note); its label is its accessible name. */
export function TextAreaField({ label, errors = [], className = '', ...area }: TextAreaFieldProps) {
  const id = useId()
  return (
    <div className={className}>
      <label htmlFor={id} className="block text-sm font-medium text-slate-700">
        {label}
      </label>
      <textarea
        id={id}
        aria-invalid={errors.length > 0 || undefined}
        aria-describedby={errors.length > 0 ? `${id}-error` : undefined}
        className="mt-1 block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-slate-900 shadow-sm focus:border-indigo-500 focus:ring-2 focus:ring-indigo-200 focus:outline-none aria-[invalid]:border-red-400"
        {...area}
      />
      {errors.length > 0 ? (
        <p id={`${id}-error`} className="mt-1 text-sm text-red-600">
          {errors.join(' ')}
        </p>
      ) : null}
    </div>
  )
}

export function SubmitButton({ children, busy }: { children: ReactNode; busy: boolean }) {
  return (
    <button
      type="submit"
      disabled={busy}
      aria-busy={busy || undefined}
      className="flex w-full items-center justify-center gap-2 rounded-md bg-indigo-600 px-4 py-2.5 font-semibold text-white shadow-sm hover:bg-indigo-500 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600 disabled:cursor-wait disabled:opacity-70"
    >
      {busy ? <span className="h-4 w-4 animate-spin rounded-full border-2 border-white/40 border-t-white" aria-hidden="true" /> : null}
      {children}
    </button>
  )
}

export function Notice({ children, tone = 'info' }: { children: ReactNode; tone?: 'info' | 'success' }) {
  return (
    <p
      role="status"
      className={`rounded-md px-3 py-2 text-sm ${tone === 'success' ? 'bg-emerald-50 text-emerald-800' : 'bg-indigo-50 text-indigo-800'}`}
    >
      {children}
    </p>
  )
}
