import { useLingui } from '@lingui/react/macro'
import { Icon } from '../icons'

/** The composer's "Create a poll" entry (beside Attach files). */
export function CreatePollButton({ onOpen }: { onOpen: () => void }) {
  const { t } = useLingui()
  return (
    <button
      type="button"
      onClick={onOpen}
      aria-label={t`Create a poll`}
      title={t`Create a poll`}
      className="grid h-10 w-10 shrink-0 place-items-center rounded-full text-slate-600 hover:bg-slate-100"
    >
      <Icon name="poll" />
    </button>
  )
}
