import { DialogTitle } from '@headlessui/react'
import { Trans, useLingui } from '@lingui/react/macro'
import type { PeoplePickerProps, PickedPerson } from '../../machines/people-picker'
import { initialsOf } from '../../machines/session/session.rules'
import { Avatar } from '../avatar'
import { Button } from '../button'
import { LoadFailed } from '../load-failed'
import { ModalFrame } from '../modal-frame'
import { TextField } from '../text-field'

/** "New message": friends first, then the people search; one person opens the 1:1 chat, several start a group. */
export function PeoplePickerDialog(props: PeoplePickerProps) {
  const { open, friends, friendsFailed, keyword, search, chosen, start, groupNeedsChannel, onClose, onRetryFriends, onType, onStart } =
    props
  const { t } = useLingui()
  if (!open) return null
  const found = search.status === 'found' ? search.people.filter((p) => !friends?.some((f) => f._id === p._id)) : []
  return (
    <ModalFrame open onClose={onClose}>
      <DialogTitle className="text-lg font-semibold text-slate-900">
        <Trans>New message</Trans>
      </DialogTitle>
      <form
        className="mt-4 space-y-4"
        onSubmit={(event) => {
          event.preventDefault()
          onStart()
        }}
      >
        <TextField
          label={t`Search people by name or workid`}
          type="search"
          value={keyword}
          onChange={(event) => onType(event.target.value)}
          autoComplete="off"
        />
        <div className="max-h-72 space-y-3 overflow-y-auto">
          <fieldset>
            <legend className="text-sm font-medium text-slate-700">
              <Trans>Friends</Trans>
            </legend>
            {friendsFailed ? (
              <LoadFailed onRetry={onRetryFriends} className="mt-1">
                <Trans>Could not load your friends.</Trans>
              </LoadFailed>
            ) : friends === null ? (
              <p role="status" className="mt-1 text-sm text-slate-600">
                <Trans>Loading friends…</Trans>
              </p>
            ) : friends.length === 0 ? (
              <p className="mt-1 text-sm text-slate-600">
                <Trans>No friends yet: search for people above.</Trans>
              </p>
            ) : (
              <PeopleChoices people={friends} {...props} />
            )}
          </fieldset>
          {search.status !== 'idle' ? (
            <fieldset>
              <legend className="text-sm font-medium text-slate-700">
                <Trans>People</Trans>
              </legend>
              {search.status === 'searching' ? (
                <p role="status" className="mt-1 text-sm text-slate-600">
                  <Trans>Searching…</Trans>
                </p>
              ) : search.status === 'failed' ? (
                <p role="alert" className="mt-1 text-sm text-red-700">
                  <Trans>The search failed. Type again to retry.</Trans>
                </p>
              ) : found.length === 0 ? (
                <p className="mt-1 text-sm text-slate-600">
                  <Trans>No one else found.</Trans>
                </p>
              ) : (
                <PeopleChoices people={found} {...props} />
              )}
            </fieldset>
          ) : null}
        </div>
        {groupNeedsChannel ? (
          <p className="text-sm text-slate-700">
            <Trans>A group chat needs a channel: create one, or choose one person.</Trans>
          </p>
        ) : null}
        <div className="flex flex-wrap items-center justify-end gap-2">
          <span className="mr-auto text-sm text-slate-700" aria-live="polite">
            {chosen.length > 0 ? <Trans>{chosen.length} chosen</Trans> : null}
          </span>
          <Button variant="secondary" onClick={onClose}>
            <Trans>Cancel</Trans>
          </Button>
          <Button type="submit" disabled={start === null}>
            {start === 'group' ? <Trans>Start group</Trans> : <Trans>Open chat</Trans>}
          </Button>
        </div>
      </form>
    </ModalFrame>
  )
}

function PeopleChoices({ people, chosen, onToggle }: { people: PickedPerson[] } & Pick<PeoplePickerProps, 'chosen' | 'onToggle'>) {
  return (
    <ul className="mt-2 space-y-1">
      {people.map((person) => (
        <li key={person._id}>
          <label className="flex items-center gap-3 rounded-md px-2 py-1 text-sm text-slate-800 hover:bg-slate-50">
            <input type="checkbox" checked={chosen.some((c) => c._id === person._id)} onChange={() => onToggle(person)} />
            <Avatar photoUrl={person.photo_url} initials={initialsOf(person.name)} />
            <span className="min-w-0 flex-1">
              <span className="block truncate">{person.name}</span>
              <span className="block truncate text-xs text-slate-600">{person.workid}</span>
            </span>
          </label>
        </li>
      ))}
    </ul>
  )
}
