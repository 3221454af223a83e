import { DialogTitle } from '@headlessui/react'
import { ModalFrame } from '../modal-frame'
import { Trans, useLingui } from '@lingui/react/macro'
import type { ChannelType, OnboardingError, OnboardingProps, UseFor } from '../../machines/onboarding'
import { Alert } from '../alert'
import { Button } from '../button'
import { TextField } from '../text-field'

function useErrorText(): Record<OnboardingError, string> {
  const { t } = useLingui()
  return {
    saveUseFor: t`Could not save your choice. Please try again.`,
    search: t`Could not search channels. Please try again.`,
    join: t`Could not join the channel. Please try again.`,
    saveCompany: t`Could not save your company. Please try again.`,
    createChannel: t`Could not create your company channel. Please try again.`,
    skip: t`Could not skip the tutorial. Please try again.`,
  }
}

/** The first-login tutorial (personal or business use). */
export function OnboardingModal(props: OnboardingProps) {
  const { open, step, error, canSkip, onSkip } = props
  const errors = useErrorText()
  return (
    // The tutorial ends by its own buttons, not by Escape or a click outside.
    <ModalFrame open={open} onClose={() => {}} size="lg">
      <p className="text-xs font-medium uppercase tracking-wide text-indigo-600">
        <Trans>Step {step} of 2</Trans>
      </p>
      <DialogTitle className="mt-1 text-lg font-semibold text-slate-900">
        <Trans>Welcome to Workroom</Trans>
      </DialogTitle>
      {error ? <Alert className="mt-3">{errors[error]}</Alert> : null}
      {step === 1 ? <StepOne {...props} /> : props.useFor === 'business' ? <BusinessStep {...props} /> : <PersonalStep {...props} />}
      {step === 2 ? (
        <div className="mt-6 flex justify-start border-t border-slate-100 pt-4">
          <Button variant="secondary" onClick={onSkip} disabled={!canSkip}>
            <Trans>Skip</Trans>
          </Button>
        </div>
      ) : null}
    </ModalFrame>
  )
}

function StepOne({ useFor, canNext, busy, onChoose, onNext }: OnboardingProps) {
  const { t } = useLingui()
  const options: { value: UseFor; label: string; hint: string }[] = [
    { value: 'personal', label: t`For myself`, hint: t`Chat with friends and join channels.` },
    { value: 'business', label: t`For my business`, hint: t`Create a company channel for your team or school.` },
  ]
  return (
    <div className="mt-4">
      <fieldset>
        <legend className="text-sm font-medium text-slate-700">
          <Trans>How will you use Workroom?</Trans>
        </legend>
        <div className="mt-2 space-y-2">
          {options.map((option) => (
            <label
              key={option.value}
              className="flex cursor-pointer items-start gap-3 rounded-lg border border-slate-200 p-3 has-[:checked]:border-indigo-500 has-[:checked]:bg-indigo-50"
            >
              <input
                type="radio"
                name="use-for"
                value={option.value}
                checked={useFor === option.value}
                onChange={() => onChoose(option.value)}
                disabled={busy}
                className="mt-1"
              />
              <span>
                <span className="block text-sm font-medium text-slate-900">{option.label}</span>
                <span className="block text-xs text-slate-500">{option.hint}</span>
              </span>
            </label>
          ))}
        </div>
      </fieldset>
      <div className="mt-6 flex justify-end">
        <Button onClick={onNext} disabled={!canNext} aria-busy={busy || undefined}>
          <Trans>Next</Trans>
        </Button>
      </div>
    </div>
  )
}

function PersonalStep({ personal, busy, onKeyword, onSearch, onJoin }: OnboardingProps) {
  const { t } = useLingui()
  const { keyword, canSearch, searching, channels, canJoin, joining } = personal
  return (
    <div className="mt-4">
      <p className="text-sm text-slate-600">
        <Trans>Were you invited? Find the channel that referred you and join it.</Trans>
      </p>
      <form
        role="search"
        className="mt-3 flex items-end gap-2"
        onSubmit={(event) => {
          event.preventDefault()
          if (canSearch) onSearch()
        }}
      >
        <TextField
          className="flex-1"
          label={t`Channel name`}
          value={keyword}
          onChange={(event) => onKeyword(event.target.value)}
          disabled={busy}
          autoComplete="off"
        />
        <Button type="submit" disabled={!canSearch} aria-busy={searching || undefined}>
          <Trans>Search</Trans>
        </Button>
      </form>
      {channels === null ? null : channels.length === 0 ? (
        <div role="status" className="mt-4 text-sm text-slate-500">
          <p>
            <Trans>No channels found</Trans>
          </p>
        </div>
      ) : (
        <ul aria-label={t`Channels found`} className="mt-4 divide-y divide-slate-100 rounded-lg border border-slate-200">
          {channels.map(({ _id, name, members }) => (
            <li key={_id} aria-label={name} className="flex items-center justify-between gap-3 px-3 py-2">
              <span className="min-w-0">
                <span className="block truncate text-sm font-medium text-slate-900">{name}</span>
                <span className="block text-xs text-slate-500">{t`${members} members`}</span>
              </span>
              <Button variant="secondary" onClick={() => onJoin(_id)} disabled={!canJoin} aria-busy={joining || undefined}>
                <Trans>Join</Trans>
              </Button>
            </li>
          ))}
        </ul>
      )}
    </div>
  )
}

function BusinessStep({ business, onChange, onChooseType, onSubmit }: OnboardingProps) {
  const { t } = useLingui()
  const { companyName, website, channelType, canSubmit, saving } = business
  const locked = saving !== null
  const types: { value: ChannelType; label: string }[] = [
    { value: 'sme', label: t`Small or medium business` },
    { value: 'edu', label: t`Education` },
  ]
  return (
    <form
      className="mt-4 space-y-3"
      onSubmit={(event) => {
        event.preventDefault()
        if (canSubmit) onSubmit()
      }}
    >
      <TextField
        label={t`Company name`}
        value={companyName}
        onChange={(event) => onChange('companyName', event.target.value)}
        disabled={locked}
        autoComplete="organization"
        required
      />
      <TextField
        label={t`Website (optional)`}
        value={website}
        onChange={(event) => onChange('website', event.target.value)}
        disabled={locked}
        autoComplete="url"
        inputMode="url"
      />
      <fieldset>
        <legend className="text-sm font-medium text-slate-700">
          <Trans>Channel type</Trans>
        </legend>
        <div className="mt-1 flex gap-4">
          {types.map((type) => (
            <label key={type.value} className="flex items-center gap-2 text-sm text-slate-800">
              <input
                type="radio"
                name="channel-type"
                checked={channelType === type.value}
                onChange={() => onChooseType(type.value)}
                disabled={locked}
              />
              {type.label}
            </label>
          ))}
        </div>
      </fieldset>
      {saving ? (
        <p role="status" className="text-sm text-slate-500">
          {saving === 'company' ? <Trans>Saving your company…</Trans> : <Trans>Creating your company channel…</Trans>}
        </p>
      ) : null}
      <div className="flex justify-end pt-2">
        <Button type="submit" disabled={!canSubmit} aria-busy={locked || undefined}>
          <Trans>Create company channel</Trans>
        </Button>
      </div>
    </form>
  )
}
