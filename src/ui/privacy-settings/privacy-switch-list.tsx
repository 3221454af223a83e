import { Description, Field, Label, Switch } from '@headlessui/react'
import { Trans, useLingui } from '@lingui/react/macro'
import type { PrivacyField, PrivacySwitchListProps } from '../../machines/privacy-settings'
import { Alert } from '../alert'

function useFieldText() {
  const { t } = useLingui()
  const labels: Record<PrivacyField, string> = {
    only_friend_call: t`Only friends can call me`,
    only_friend_chat: t`Only friends can message me`,
    only_friend_invite_topic: t`Only friends can add me to groups and topics`,
    sounds: t`Sounds`,
  }
  const descriptions: Partial<Record<PrivacyField, string>> = {
    sounds: t`Ringtones and notification sounds. The page reloads to apply it.`,
  }
  return { labels, descriptions }
}

/** The privacy switches of /account/privacy (and what failed, and the saving status). */
export function PrivacySwitchList({ switches, busy, failedField, onToggle }: PrivacySwitchListProps) {
  const { labels, descriptions } = useFieldText()
  const failedLabel = failedField ? labels[failedField] : ''
  return (
    <>
      {failedField ? (
        <Alert className="mt-3">
          <Trans>Could not save “{failedLabel}”. It has been switched back.</Trans>
        </Alert>
      ) : null}
      <ul className="mt-4 divide-y divide-slate-100">
        {switches.map(({ field, checked, saving }) => (
          <li key={field} className="py-3">
            <Field disabled={busy} className="flex items-center justify-between gap-4">
              <span className="min-w-0">
                <Label className="block text-sm font-medium text-slate-800">{labels[field]}</Label>
                {descriptions[field] ? (
                  <Description className="mt-0.5 block text-xs text-slate-500">{descriptions[field]}</Description>
                ) : null}
              </span>
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
      <p role="status" className="mt-2 min-h-5 text-xs text-slate-500">
        {busy ? <Trans>Saving…</Trans> : null}
      </p>
    </>
  )
}
