import { useId } from 'react'
import { Trans, useLingui } from '@lingui/react/macro'
import { STATUS_EXPIRIES, type StatusExpiry, type StatusFormProps } from '../../machines/status-form'
import { ModalForm } from '../modal-form'
import { TextField } from '../text-field'

/** Suggestions: an emoji and words at once. */
function usePresets(): { emoji: string; text: string }[] {
  const { t } = useLingui()
  return [
    { emoji: '🌴', text: t`On holiday` },
    { emoji: '📅', text: t`In a meeting` },
    { emoji: '🤒', text: t`Out sick` },
    { emoji: '🏠', text: t`Working remotely` },
    { emoji: '🚌', text: t`Commuting` },
  ]
}

function useExpiryLabels(): Record<StatusExpiry, string> {
  const { t } = useLingui()
  return {
    '30m': t`30 minutes`,
    '1h': t`1 hour`,
    '4h': t`4 hours`,
    today: t`Today`,
    week: t`This week`,
    date: t`Choose a date`,
    never: t`Don’t clear`,
  }
}

/** The custom status form (a dialog): suggestions, the emoji, the words, when it clears; Save, Clear status, Cancel. */
export function StatusFormView({ open, onClose, ...form }: StatusFormProps & { open: boolean; onClose: () => void }) {
  const { t } = useLingui()
  const presets = usePresets()
  const labels = useExpiryLabels()
  const selectId = useId()
  return (
    <ModalForm
      open={open}
      busy={form.busy}
      title={<Trans>Set a status</Trans>}
      error={form.error}
      closeButton
      submitLabel={<Trans>Save status</Trans>}
      submitDisabled={!form.canSave}
      onSubmit={form.onSave}
      onClose={onClose}
    >
      <div className="flex flex-col gap-4">
        <ul aria-label={t`Suggestions`} className="flex flex-wrap gap-2">
          {presets.map((p) => (
            <li key={p.emoji}>
              <button
                type="button"
                disabled={form.busy}
                onClick={() => form.onPreset(p.emoji, p.text)}
                className="min-h-10 rounded-full border border-slate-300 px-3 py-1.5 text-sm text-slate-800 hover:bg-slate-50 disabled:opacity-60"
              >
                {p.emoji} {p.text}
              </button>
            </li>
          ))}
        </ul>
        <div className="flex gap-3">
          <TextField
            label={<Trans>Emoji</Trans>}
            value={form.emoji}
            maxLength={16}
            disabled={form.busy}
            onChange={(e) => form.onEmoji(e.target.value)}
            className="w-24 shrink-0"
          />
          <TextField
            label={<Trans>What’s your status?</Trans>}
            value={form.text}
            maxLength={100}
            disabled={form.busy}
            onChange={(e) => form.onText(e.target.value)}
            className="min-w-0 flex-1"
          />
        </div>
        <div>
          <label htmlFor={selectId} className="block text-sm font-medium text-slate-700">
            <Trans>Clear after</Trans>
          </label>
          <select
            id={selectId}
            value={form.expiry}
            disabled={form.busy}
            onChange={(e) => form.onExpiry(e.target.value as StatusExpiry)}
            className="mt-1 block min-h-10 w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-slate-900"
          >
            {STATUS_EXPIRIES.map((value) => (
              <option key={value} value={value}>
                {labels[value]}
              </option>
            ))}
          </select>
        </div>
        {form.expiry === 'date' ? (
          <TextField
            type="date"
            label={<Trans>Clear on</Trans>}
            value={form.date}
            disabled={form.busy}
            onChange={(e) => form.onDate(e.target.value)}
          />
        ) : null}
        {form.canClear ? (
          <button
            type="button"
            onClick={form.onClear}
            disabled={form.busy}
            className="self-start rounded-md px-2 py-2 text-sm font-semibold text-red-700 hover:bg-red-50 disabled:opacity-60"
          >
            <Trans>Clear status</Trans>
          </button>
        ) : null}
      </div>
    </ModalForm>
  )
}
