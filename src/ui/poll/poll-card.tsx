import type { ReactNode } from 'react'
import { Plural, Trans, useLingui } from '@lingui/react/macro'
import type { PollOptionView, PollProps } from '../../machines/poll'
import { clockAndDay } from '../../services/time-ago'
import { Icon } from '../icons'

/** A tag under the question: anonymous, multiple choice, the closing time, locked, closed. */
function Tag({ children, tone = 'plain' }: { children: ReactNode; tone?: 'plain' | 'stopped' }) {
  return (
    <li className={`rounded px-1.5 py-0.5 ${tone === 'stopped' ? 'bg-amber-100 text-amber-900' : 'bg-slate-100 text-slate-700'}`}>
      {children}
    </li>
  )
}

function OptionRow({ option, canVote, multiple }: { option: PollOptionView; canVote: boolean; multiple: boolean }) {
  const { t } = useLingui()
  const text = option.text
  const voters = option.voters?.join(', ') ?? ''
  return (
    <li>
      <button
        type="button"
        onClick={option.onVote}
        disabled={!canVote}
        aria-pressed={option.chosen}
        aria-label={t`Vote for ${text}`}
        className={`relative flex w-full items-center gap-2 overflow-hidden rounded-md border px-3 py-2 text-left text-sm disabled:cursor-default ${
          option.chosen ? 'border-indigo-500' : 'border-slate-300'
        } ${canVote ? 'hover:border-indigo-400' : ''}`}
      >
        <span
          aria-hidden="true"
          className={`absolute inset-y-0 left-0 ${option.chosen ? 'bg-indigo-100' : 'bg-slate-100'}`}
          style={{ width: `${option.percent}%` }}
        />
        <span
          aria-hidden="true"
          className={`relative grid h-4 w-4 shrink-0 place-items-center border ${multiple ? 'rounded' : 'rounded-full'} ${
            option.chosen ? 'border-indigo-600 bg-indigo-600 text-white' : 'border-slate-400 bg-white'
          }`}
        >
          {option.chosen ? <Icon name="check" className="h-3 w-3" /> : null}
        </span>
        <span className="relative min-w-0 flex-1 break-words">{text}</span>
        <span className="relative shrink-0 text-xs font-semibold text-slate-600" data-testid="option-votes">
          {option.votes}
        </span>
      </button>
      {voters ? (
        <p className="mt-0.5 px-1 text-xs text-slate-500">
          <Trans>Voted: {voters}</Trans>
        </p>
      ) : null}
    </li>
  )
}

/** A poll in the chat: the question, an option button each (with its bar and count), who voted where it is named, and its controls. */
export function PollCard(props: PollProps) {
  const { t } = useLingui()
  const { status, question, options, voterCount, canVote, error } = props
  const stopped = status === 'locked' || status === 'closed'
  const closesAt = props.closesAt ? clockAndDay(props.closesAt) : null
  return (
    <section
      aria-label={t`Poll: ${question}`}
      aria-busy={props.busy !== null || status === 'loading' || undefined}
      className="w-full min-w-0 rounded-xl border border-slate-200 bg-white p-3 text-sm text-slate-900"
    >
      <p className="flex items-center gap-1.5 text-xs font-semibold uppercase tracking-wide text-slate-500">
        <Icon name="poll" className="h-4 w-4" />
        <Trans>Poll</Trans>
      </p>
      <p className="mt-1 font-semibold break-words whitespace-pre-wrap">{question}</p>
      {status === 'loading' ? (
        <p role="status" className="mt-2 text-xs text-slate-500">
          <Trans>Loading the poll…</Trans>
        </p>
      ) : status === 'failed' ? (
        <div role="alert" className="mt-2 flex flex-wrap items-center gap-2 text-xs text-red-700">
          <span>
            <Trans>Could not load the poll.</Trans>
          </span>
          <button type="button" onClick={props.onRetry} className="font-semibold underline">
            <Trans>Try again</Trans>
          </button>
        </div>
      ) : (
        <>
          <ul aria-label={t`About this poll`} className="mt-1 flex flex-wrap gap-1 text-xs">
            {props.anonymous ? (
              <Tag>
                <Trans>Anonymous</Trans>
              </Tag>
            ) : null}
            {props.multiple ? (
              <Tag>
                <Trans>Multiple choice</Trans>
              </Tag>
            ) : null}
            {closesAt && status !== 'closed' ? (
              <Tag>
                <Trans>Closes {closesAt}</Trans>
              </Tag>
            ) : null}
            {status === 'locked' ? (
              <Tag tone="stopped">
                <Trans>Locked</Trans>
              </Tag>
            ) : null}
            {status === 'closed' ? (
              <Tag tone="stopped">
                <Trans>Closed</Trans>
              </Tag>
            ) : null}
          </ul>
          <ul aria-label={t`Options`} className="mt-2 space-y-1.5">
            {options.map((option) => (
              <OptionRow key={option.id} option={option} canVote={canVote} multiple={props.multiple} />
            ))}
          </ul>
          <p className="mt-2 text-xs text-slate-600" data-testid="poll-voters">
            <Plural value={voterCount} one="# vote" other="# votes" />
          </p>
          {stopped ? (
            <p role="status" className="mt-2 rounded-md bg-amber-50 px-2 py-1 text-xs text-amber-900">
              {status === 'locked' ? (
                <Trans>This poll is locked: it takes no more votes.</Trans>
              ) : (
                <Trans>This poll has closed: it takes no more votes.</Trans>
              )}
            </p>
          ) : null}
          {error ? (
            <p role="alert" className="mt-2 rounded-md bg-red-50 px-2 py-1 text-xs text-red-700">
              {error}
            </p>
          ) : null}
          {props.takesOptions ? <NewOption {...props} /> : null}
          {props.canLock ? (
            <button
              type="button"
              onClick={props.onLock}
              disabled={props.busy !== null}
              aria-busy={props.busy === 'locking' || undefined}
              className="mt-2 inline-flex items-center gap-1 rounded-md px-2 py-1 text-xs font-semibold text-slate-700 ring-1 ring-slate-300 ring-inset hover:bg-slate-50 disabled:opacity-50"
            >
              <Icon name="lock" className="h-3.5 w-3.5" />
              <Trans>Lock poll</Trans>
            </button>
          ) : null}
        </>
      )}
    </section>
  )
}

/** Where the poll takes options from its members: a field and its button. */
function NewOption({ newOption, newOptionError, canAddOption, busy, onNewOption, onAddOption }: PollProps) {
  const { t, i18n } = useLingui()
  return (
    <form
      className="mt-2"
      onSubmit={(event) => {
        event.preventDefault()
        if (canAddOption) onAddOption()
      }}
    >
      <div className="flex items-center gap-1.5">
        <input
          value={newOption}
          onChange={(event) => onNewOption(event.target.value)}
          aria-label={t`New option`}
          placeholder={t`Add an option…`}
          aria-invalid={newOptionError ? true : undefined}
          disabled={busy === 'adding'}
          className="min-w-0 flex-1 rounded-md border border-slate-300 px-2 py-1 text-sm focus:border-indigo-500 focus:outline-none"
        />
        <button
          type="submit"
          disabled={!canAddOption}
          aria-busy={busy === 'adding' || undefined}
          className="shrink-0 rounded-md bg-indigo-600 px-2 py-1 text-xs font-semibold text-white hover:bg-indigo-500 disabled:opacity-50"
        >
          <Trans>Add option</Trans>
        </button>
      </div>
      {newOptionError ? <p className="mt-1 text-xs text-red-600">{i18n._(newOptionError)}</p> : null}
    </form>
  )
}
