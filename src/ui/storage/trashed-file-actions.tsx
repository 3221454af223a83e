import { Popover, PopoverButton, PopoverPanel } from '@headlessui/react'
import { Trans, useLingui } from '@lingui/react/macro'
import { Button, buttonClass } from '../button'
import { Confirmation } from '../confirmation'

/**
 * A trashed file's buttons: restore it, or delete it for good after a question asked in place (the
 * product's confirmation, on a line of its own under the file). The visible words name the action;
 * the accessible names carry the file's name too.
 */
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
    <Popover className="contents">
      <span className="flex shrink-0 gap-2">
        <Button
          variant="secondary"
          size="sm"
          onClick={onRestore}
          disabled={disabled}
          aria-busy={busy || undefined}
          aria-label={t`Restore ${name}`}
        >
          <Trans>Restore</Trans>
        </Button>
        <PopoverButton className={buttonClass('danger', 'sm')} disabled={disabled} aria-label={t`Delete ${name} forever`}>
          <Trans>Delete forever</Trans>
        </PopoverButton>
      </span>
      <PopoverPanel focus className="basis-full">
        {({ close }) => (
          <Confirmation
            label={t`Confirm deleting ${name} forever`}
            confirm={<Trans>Yes, delete forever</Trans>}
            onConfirm={() => {
              close()
              onDelete()
            }}
            onCancel={() => close()}
          >
            <Trans>Delete {name} for good? This cannot be undone.</Trans>
          </Confirmation>
        )}
      </PopoverPanel>
    </Popover>
  )
}
