import { Field, Label, Switch } from '@headlessui/react'
import { Trans, useLingui } from '@lingui/react/macro'
import type { PrivacyField, PrivacySwitchListProps as SwitchesProps } from '../../machines/privacy-settings'
import { Alert } from '../alert'

function useLabels(): Record<PrivacyField, string> {
  const { t } = useLingui()
  return {
    only_friend_call: t`Only friends can call me`,
    only_friend_chat: t`Only friends can message me`,
    only_friend_invite_topic: t`Only friends can add me to groups and topics`,
    sounds: t`Play sounds for calls and messages`,
    read_receipts: t`Send and see read receipts`,
  }
}

export type PrivacySwitchListProps = SwitchesProps & {
  /** The switches this place shows (who may reach you on /account/privacy, sounds on /setting). */
  fields: readonly PrivacyField[]
}

/** Switches that save as they are flipped (each save then says "Saved"); a failed one is switched back and named. */
export function PrivacySwitchList({ switches, busy, failedField, onToggle, fields }: PrivacySwitchListProps) {
  const labels = useLabels()
  const failed = failedField && fields.includes(failedField) ? labels[failedField] : null
  return (
    <>
      {failed ? (
        <Alert className="mt-3">
          <Trans>Could not save “{failed}”. It has been switched back.</Trans>
        </Alert>
      ) : null}
      <ul className="mt-2 divide-y divide-slate-100">
        {switches
          .filter(({ field }) => fields.includes(field))
          .map(({ field, checked, saving }) => (
            <li key={field} className="py-3">
              <Field disabled={busy} className="flex items-center justify-between gap-4">
                <Label className="min-w-0 text-sm font-medium text-slate-800">{labels[field]}</Label>
                <Switch
                  checked={checked}
                  onChange={() => onToggle(field)}
                  aria-busy={saving || undefined}
                  className="group relative inline-flex h-6 w-11 shrink-0 items-center rounded-full bg-slate-300 transition-colors data-[checked]:bg-indigo-600 data-[disabled]:opacity-60 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600"
                >
                  <span className="inline-block h-4 w-4 translate-x-1 rounded-full bg-white transition group-data-[checked]:translate-x-6" />
                </Switch>
              </Field>
            </li>
          ))}
      </ul>
      <p role="status" className="min-h-5 text-xs text-slate-600">
        {busy && switches.some((s) => s.saving && fields.includes(s.field)) ? <Trans>Saving…</Trans> : null}
      </p>
    </>
  )
}

/** The switches of /account/privacy: who may call, message or add the user. */
export const WHO_MAY_REACH_YOU: readonly PrivacyField[] = ['only_friend_chat', 'only_friend_call', 'only_friend_invite_topic']

/** The read receipts switch of /account/privacy. */
export const READ_RECEIPTS: readonly PrivacyField[] = ['read_receipts']
