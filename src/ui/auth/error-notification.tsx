import { Trans, useLingui } from '@lingui/react/macro'

export interface ErrorNotificationProps {
  /** The flattened values of the global errorMessage state. */
  messages: readonly string[]
  onDismiss: () => void
}

/** Auth layouts: the error notification listing the field messages of the last failed call. */
export function ErrorNotification({ messages, onDismiss }: ErrorNotificationProps) {
  const { t } = useLingui()
  if (messages.length === 0) return null
  return (
    <div role="alert" className="mb-4 flex items-start gap-3 rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
      <div className="flex-1">
        <p className="font-semibold">
          <Trans>Please check the form</Trans>
        </p>
        <ul className="mt-1 list-disc pl-5">
          {messages.map((message, i) => (
            <li key={i}>{message}</li>
          ))}
        </ul>
      </div>
      <button type="button" onClick={onDismiss} aria-label={t`Dismiss`} className="-m-1 rounded p-1 opacity-70 hover:opacity-100">
        <svg viewBox="0 0 20 20" className="h-4 w-4" aria-hidden="true">
          <path d="M5 5l10 10M15 5L5 15" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        </svg>
      </button>
    </div>
  )
}
