import { useLingui } from '@lingui/react/macro'
import { Button } from '../button'

/** A trashed file's buttons: restore it, or delete it for good after a confirmation. */
export function TrashedFileActions({
  name,
  disabled,
  busy,
  onRestore,
  onDelete,
}: {
  name: string
  disabled: boolean
  busy: boolean
  onRestore: () => void
  onDelete: () => void
}) {
  const { t } = useLingui()
  return (
    <>
      <Button variant="secondary" size="sm" onClick={onRestore} disabled={disabled} aria-busy={busy || undefined}>
        {t`Restore ${name}`}
      </Button>
      <Button
        variant="danger"
        size="sm"
        disabled={disabled}
        onClick={() => {
          if (window.confirm(t`Delete ${name} for good? This cannot be undone.`)) onDelete()
        }}
      >
        {t`Delete ${name} forever`}
      </Button>
    </>
  )
}
