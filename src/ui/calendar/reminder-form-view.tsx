import { useId, useMemo, useState, type ReactNode } from 'react'
import { Combobox, ComboboxInput, ComboboxOption, ComboboxOptions, Field, Label } from '@headlessui/react'
import dayjs from 'dayjs'
import { Trans, useLingui } from '@lingui/react/macro'
import {
  REMIND_CHOICES,
  REPEAT_UNITS,
  WEEKDAYS,
  type FieldMessage,
  type Repeat,
  type RepeatEnds,
  type RepeatUnit,
  type ReminderFormProps,
} from '../../machines/reminder-form'
import { timeZonesWith } from '../../services/time-zones'
import { Alert } from '../alert'
import { AssigneeChecklist } from '../assignee-checklist'
import { Button } from '../button'
import { ModalForm } from '../modal-form'
import { TextAreaField, TextField } from '../text-field'
import { useDayjsLocale, useRemindName } from './calendar-words'
import { repeatText } from './repeat-text'

const fieldClass =
  'mt-1 block h-10 w-full rounded-md border border-slate-300 bg-white px-3 text-slate-900 shadow-sm focus:border-indigo-500 focus:ring-2 focus:ring-indigo-200 focus:outline-none aria-[invalid]:border-red-400 disabled:bg-slate-50'
const labelClass = 'block text-sm font-medium text-slate-700'

/** A field's message as text: the form's own (a catalog message) or the server's. */
function useMessageText() {
  const { i18n } = useLingui()
  return (message: FieldMessage): string[] => (message === null ? [] : [typeof message === 'string' ? message : i18n._(message)])
}

/** Every IANA time zone the browser knows, with the current one first when it is not among them. */
const useTimeZones = (current: string): string[] => useMemo(() => timeZonesWith(current), [current])

const zoneName = (zone: string) => zone.replace(/_/g, ' ')
/** At most this many zones are listed while typing (the list narrows as one types). */
const ZONES_SHOWN = 50

/** The time zone: a combobox of the browser's ~400 IANA zones, narrowed by what is typed (only the open list is drawn). */
function TimeZoneField({
  value,
  onChange,
  disabled,
  errors,
}: {
  value: string
  onChange: (zone: string) => void
  disabled: boolean
  errors: string[]
}) {
  const zones = useTimeZones(value)
  const [query, setQuery] = useState('')
  const words = query.trim().toLowerCase().replace(/\s+/g, '_')
  const shown = (words === '' ? zones : zones.filter((zone) => zone.toLowerCase().includes(words))).slice(0, ZONES_SHOWN)
  return (
    <Field disabled={disabled}>
      <Label className={labelClass}>
        <Trans>Time zone</Trans>
      </Label>
      <Combobox
        value={value}
        onChange={(zone: string | null) => {
          if (zone) onChange(zone)
        }}
        onClose={() => setQuery('')}
      >
        <ComboboxInput
          className={fieldClass}
          displayValue={(zone: string) => zoneName(zone)}
          onChange={(event) => setQuery(event.target.value)}
          aria-invalid={errors.length > 0 || undefined}
          autoComplete="off"
        />
        <ComboboxOptions
          anchor="bottom start"
          className="z-50 max-h-60 w-[var(--input-width)] overflow-y-auto rounded-md border border-slate-200 bg-white p-1 text-sm shadow-lg [--anchor-gap:4px] empty:invisible"
        >
          {shown.map((zone) => (
            <ComboboxOption key={zone} value={zone} className="rounded px-2 py-1.5 text-slate-800 data-[focus]:bg-indigo-50">
              {zoneName(zone)}
            </ComboboxOption>
          ))}
        </ComboboxOptions>
      </Combobox>
      {errors.length > 0 ? <p className="mt-1 text-sm text-red-600">{errors.join(' ')}</p> : null}
    </Field>
  )
}

function Select({
  label,
  value,
  onChange,
  disabled,
  errors = [],
  hint,
  children,
}: {
  label: ReactNode
  value: string
  onChange: (value: string) => void
  disabled?: boolean
  errors?: string[]
  /** A line under it that says more (its description). */
  hint?: ReactNode
  children: ReactNode
}) {
  const id = useId()
  const described = [errors.length > 0 ? `${id}-error` : null, hint ? `${id}-hint` : null].filter(Boolean).join(' ')
  return (
    <div>
      <label htmlFor={id} className={labelClass}>
        {label}
      </label>
      <select
        id={id}
        value={value}
        disabled={disabled}
        onChange={(event) => onChange(event.target.value)}
        aria-invalid={errors.length > 0 || undefined}
        aria-describedby={described || undefined}
        className={fieldClass}
      >
        {children}
      </select>
      {hint ? (
        <p id={`${id}-hint`} className="mt-1 text-sm text-slate-600">
          {hint}
        </p>
      ) : null}
      {errors.length > 0 ? (
        <p id={`${id}-error`} className="mt-1 text-sm text-red-600">
          {errors.join(' ')}
        </p>
      ) : null}
    </div>
  )
}

/** The reminder form's fields (the create page's form and the edit dialog's). */
function ReminderFields(props: ReminderFormProps) {
  const { t } = useLingui()
  const text = useMessageText()
  const locale = useDayjsLocale()
  // While it saves, and while a task's people are read (the form's machine takes no edit then), the fields wait.
  const busy = props.busy || props.loading
  const repeat = props.repeat
  const chatName = props.chatName ?? ''
  const words = repeatText(props.rrule, locale)
  const remindName = useRemindName()
  const unitName: Record<RepeatUnit, string> = { day: t`days`, week: t`weeks`, month: t`months`, year: t`years` }
  const repeatName: Record<Repeat, string> = {
    none: t`Does not repeat`,
    daily: t`Every day`,
    weekly: t`Every week`,
    monthly: t`Every month`,
    custom: t`Custom…`,
  }
  const weekdayName = (index: number) =>
    dayjs('2026-11-02') // a Monday
      .add(index, 'day')
      .locale(locale)
      .format('dddd')
  return (
    <>
      {props.canChooseKind ? (
        <fieldset>
          <legend className={labelClass}>
            <Trans>What</Trans>
          </legend>
          <div className="mt-1 flex flex-wrap gap-4">
            {(['reminder', 'task'] as const).map((kind) => (
              <label key={kind} className="flex min-h-10 items-center gap-2 text-sm text-slate-800">
                <input
                  type="radio"
                  name="kind"
                  checked={props.kind === kind}
                  disabled={busy}
                  onChange={() => props.onKind(kind)}
                  className="h-4 w-4"
                />
                {kind === 'reminder' ? <Trans>Reminder</Trans> : <Trans>Task</Trans>}
              </label>
            ))}
          </div>
        </fieldset>
      ) : null}
      {props.chats ? (
        <Select
          label={<Trans>Chat</Trans>}
          value={props.chatId ?? ''}
          disabled={busy}
          onChange={props.onChat}
          hint={<Trans>Everyone in {chatName} sees it.</Trans>}
        >
          {props.chats.map((chat) => (
            <option key={chat.id} value={chat.id}>
              {chat.name || t`New Message`}
            </option>
          ))}
        </Select>
      ) : props.canChooseScope ? (
        <fieldset>
          <legend className={labelClass}>
            <Trans>Who sees it</Trans>
          </legend>
          <div className="mt-1 flex flex-wrap gap-4">
            <label className="flex min-h-10 items-center gap-2 text-sm text-slate-800">
              <input
                type="radio"
                name="scope"
                checked={props.scope === 'chat'}
                disabled={busy}
                onChange={() => props.onScope('chat')}
                className="h-4 w-4"
              />
              <Trans>Everyone in {chatName}</Trans>
            </label>
            <label className="flex min-h-10 items-center gap-2 text-sm text-slate-800">
              <input
                type="radio"
                name="scope"
                checked={props.scope === 'personal'}
                disabled={busy}
                onChange={() => props.onScope('personal')}
                className="h-4 w-4"
              />
              <Trans>Only me (personal)</Trans>
            </label>
          </div>
        </fieldset>
      ) : props.chatName !== null && props.scope === 'chat' ? (
        <p className="text-sm text-slate-600">
          <Trans>In {chatName}</Trans>
        </p>
      ) : null}
      <TextField
        label={t`Title`}
        value={props.title}
        onChange={(event) => props.onTitle(event.target.value)}
        errors={text(props.titleError)}
        disabled={busy}
        autoComplete="off"
      />
      <TextAreaField
        label={<Trans>Note (optional)</Trans>}
        rows={2}
        value={props.note}
        onChange={(event) => props.onNote(event.target.value)}
        errors={text(props.noteError)}
        disabled={busy}
      />
      <div className="grid grid-cols-2 gap-3">
        <TextField
          label={props.kind === 'task' ? t`Due date` : t`Date`}
          type="date"
          value={props.date}
          onChange={(event) => props.onStart({ date: event.target.value })}
          errors={text(props.startError)}
          disabled={busy}
        />
        <TextField
          label={props.kind === 'task' ? t`Due time` : t`Time`}
          type="time"
          value={props.time}
          onChange={(event) => props.onStart({ time: event.target.value })}
          disabled={busy}
        />
      </div>
      <div>
        <label className="flex min-h-10 items-center gap-2 text-sm text-slate-800">
          <input
            type="checkbox"
            checked={props.hasEnd}
            disabled={busy}
            onChange={(event) => props.onEnd({ enabled: event.target.checked })}
            className="h-4 w-4 rounded border-slate-300"
          />
          <Trans>Add an end time</Trans>
        </label>
        {props.hasEnd ? (
          <div className="mt-1 grid grid-cols-2 gap-3">
            <TextField
              label={t`End date`}
              type="date"
              value={props.endDate}
              onChange={(event) => props.onEnd({ date: event.target.value })}
              errors={text(props.endError)}
              disabled={busy}
            />
            <TextField
              label={t`End time`}
              type="time"
              value={props.endTime}
              onChange={(event) => props.onEnd({ time: event.target.value })}
              disabled={busy}
            />
          </div>
        ) : null}
      </div>
      <Select
        label={<Trans>Repeat</Trans>}
        value={repeat.repeat}
        disabled={busy}
        onChange={(value) => props.onRepeat({ repeat: value as Repeat })}
        errors={repeat.repeat === 'custom' ? [] : text(props.repeatError)}
      >
        {(Object.keys(repeatName) as Repeat[]).map((choice) => (
          <option key={choice} value={choice}>
            {repeatName[choice]}
          </option>
        ))}
      </Select>
      {repeat.repeat === 'custom' ? (
        <fieldset className="space-y-3 rounded-md border border-slate-200 p-3">
          <legend className="px-1 text-sm font-medium text-slate-700">
            <Trans>Custom repeat</Trans>
          </legend>
          <div className="grid grid-cols-2 gap-3">
            <TextField
              label={t`Repeat every`}
              type="number"
              inputMode="numeric"
              min={1}
              value={repeat.interval}
              onChange={(event) => props.onRepeat({ interval: event.target.value })}
              disabled={busy}
            />
            <Select
              label={<Trans>Unit</Trans>}
              value={repeat.unit}
              disabled={busy}
              onChange={(value) => props.onRepeat({ unit: value as RepeatUnit })}
            >
              {REPEAT_UNITS.map((unit) => (
                <option key={unit} value={unit}>
                  {unitName[unit]}
                </option>
              ))}
            </Select>
          </div>
          {repeat.unit === 'week' ? (
            <fieldset>
              <legend className={labelClass}>
                <Trans>On</Trans>
              </legend>
              <div className="mt-1 flex flex-wrap gap-1">
                {WEEKDAYS.map((day, index) => {
                  const name = weekdayName(index)
                  const on = repeat.weekdays.includes(day)
                  return (
                    <label
                      key={day}
                      className={`flex h-10 min-w-10 cursor-pointer items-center justify-center rounded-full px-2 text-sm ring-1 ring-inset has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-indigo-600 ${on ? 'bg-indigo-600 text-white ring-indigo-600' : 'text-slate-700 ring-slate-300'}`}
                    >
                      <input
                        type="checkbox"
                        className="sr-only"
                        checked={on}
                        disabled={busy}
                        onChange={(event) =>
                          props.onRepeat({
                            weekdays: event.target.checked ? [...repeat.weekdays, day] : repeat.weekdays.filter((other) => other !== day),
                          })
                        }
                        aria-label={name}
                      />
                      <span aria-hidden="true">{name.slice(0, 2)}</span>
                    </label>
                  )
                })}
              </div>
            </fieldset>
          ) : null}
          <fieldset>
            <legend className={labelClass}>
              <Trans>Ends</Trans>
            </legend>
            <div className="mt-1 space-y-2">
              {(['never', 'count', 'until'] as RepeatEnds[]).map((ends) => (
                <div key={ends} className="flex min-h-10 flex-wrap items-center gap-2 text-sm text-slate-800">
                  <label className="flex items-center gap-2">
                    <input
                      type="radio"
                      name="ends"
                      checked={repeat.ends === ends}
                      disabled={busy}
                      onChange={() => props.onRepeat({ ends })}
                      className="h-4 w-4"
                    />
                    {ends === 'never' ? (
                      <Trans>Never</Trans>
                    ) : ends === 'count' ? (
                      <Trans>After a number of times</Trans>
                    ) : (
                      <Trans>On a day</Trans>
                    )}
                  </label>
                  {ends === 'count' && repeat.ends === 'count' ? (
                    <input
                      type="number"
                      inputMode="numeric"
                      min={1}
                      aria-label={t`Number of times`}
                      value={repeat.count}
                      disabled={busy}
                      onChange={(event) => props.onRepeat({ count: event.target.value })}
                      className="h-10 w-24 rounded-md border border-slate-300 px-2"
                    />
                  ) : null}
                  {ends === 'until' && repeat.ends === 'until' ? (
                    <input
                      type="date"
                      aria-label={t`Last day`}
                      value={repeat.until}
                      disabled={busy}
                      onChange={(event) => props.onRepeat({ until: event.target.value })}
                      className="h-10 rounded-md border border-slate-300 px-2"
                    />
                  ) : null}
                </div>
              ))}
            </div>
          </fieldset>
          {props.repeatError ? <p className="text-sm text-red-600">{text(props.repeatError)}</p> : null}
        </fieldset>
      ) : null}
      {words ? (
        <p className="text-sm text-slate-600">
          <Trans>Repeats: {words}</Trans>
        </p>
      ) : null}
      <div className="grid gap-3 sm:grid-cols-2">
        <Select
          label={<Trans>Remind me</Trans>}
          value={String(props.remind)}
          disabled={busy}
          onChange={(value) => props.onRemind(Number(value))}
        >
          {REMIND_CHOICES.map((minutes) => (
            <option key={minutes} value={minutes}>
              {remindName(minutes)}
            </option>
          ))}
        </Select>
        <TimeZoneField value={props.timeZone} onChange={props.onTimeZone} disabled={busy} errors={text(props.timeZoneError)} />
      </div>
      {props.kind === 'task' ? (
        <fieldset>
          <legend className={labelClass}>
            <Trans>Assignees</Trans>
          </legend>
          {props.loading ? (
            <p role="status" className="mt-1 text-sm text-slate-500">
              <Trans>Loading people…</Trans>
            </p>
          ) : props.assignees.length === 0 ? (
            <p className="mt-1 text-sm text-slate-500">
              {props.scope === 'chat' ? <Trans>Nobody in this chat to assign.</Trans> : <Trans>No friends to assign yet.</Trans>}
            </p>
          ) : (
            <AssigneeChecklist assignees={props.assignees} disabled={busy} />
          )}
          {props.assigneesError ? <p className="mt-1 text-sm text-red-600">{text(props.assigneesError)}</p> : null}
        </fieldset>
      ) : null}
    </>
  )
}

/** The create page's form: "New reminder", its fields, Cancel and Save. */
export function ReminderFormPage(props: ReminderFormProps) {
  return (
    <form
      noValidate
      aria-labelledby="reminder-form-title"
      className="space-y-4"
      onSubmit={(event) => {
        event.preventDefault()
        props.onSubmit()
      }}
    >
      <h2 id="reminder-form-title" className="text-lg font-semibold text-slate-900">
        {props.kind === 'task' ? <Trans>New task</Trans> : <Trans>New reminder</Trans>}
      </h2>
      {props.error ? <Alert>{props.error}</Alert> : null}
      <ReminderFields {...props} />
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="secondary" onClick={props.onClose} disabled={props.busy}>
          <Trans>Cancel</Trans>
        </Button>
        <Button type="submit" disabled={props.busy || props.loading} aria-busy={props.busy || undefined}>
          <Trans>Save</Trans>
        </Button>
      </div>
    </form>
  )
}

/** The edit dialog: "Edit reminder" / "Edit task". */
export function ReminderDialog(props: ReminderFormProps) {
  return (
    <ModalForm
      open={props.open}
      busy={props.busy}
      title={props.kind === 'task' ? <Trans>Edit task</Trans> : <Trans>Edit reminder</Trans>}
      error={props.error}
      submitLabel={<Trans>Save</Trans>}
      submitDisabled={props.busy || props.loading}
      onSubmit={props.onSubmit}
      onClose={props.onClose}
    >
      <ReminderFields {...props} />
    </ModalForm>
  )
}
