import { Menu, MenuButton, MenuItem, MenuItems, MenuSection, MenuHeading, MenuSeparator } from '@headlessui/react'
import { useLingui } from '@lingui/react/macro'
import dayjs from 'dayjs'
import type { TopicBellProps } from '../../machines/attention'
import type { MuteOption, NotifyLevel } from '../../../contract/attention'

const itemClass = 'block w-full rounded px-3 py-1.5 text-left text-sm text-slate-800 data-focus:bg-indigo-50 data-disabled:opacity-50'

/** The topic header's bell: how much this chat notifies (everything, mentions only, nothing) and mute for a while. */
export function TopicBell({ level, muted, mutedUntil, mutedForever, disabled, onLevel, onMute }: TopicBellProps) {
  const { t } = useLingui()
  const levels: { value: NotifyLevel; label: string }[] = [
    { value: 'everything', label: t`All messages` },
    { value: 'mentions', label: t`Mentions only` },
    { value: 'nothing', label: t`Nothing` },
  ]
  const mutes: { value: MuteOption; label: string }[] = [
    { value: '1h', label: t`Mute for 1 hour` },
    { value: 'tomorrow', label: t`Mute until tomorrow` },
    { value: 'forever', label: t`Mute until I turn it back on` },
  ]
  const state = muted
    ? mutedForever
      ? t`Muted`
      : t`Muted until ${dayjs(mutedUntil).format('DD/MM HH:mm')}`
    : levels.find((l) => l.value === level)!.label
  return (
    <Menu as="div" className="relative">
      <MenuButton
        aria-label={t`Chat notifications: ${state}`}
        className="inline-flex items-center gap-1 rounded px-2 py-1 text-sm text-slate-600 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-indigo-600"
      >
        <span aria-hidden="true">{muted || level === 'nothing' ? '🔕' : '🔔'}</span>
        <span className="hidden lg:inline">{state}</span>
      </MenuButton>
      <MenuItems className="absolute right-0 z-30 mt-1 w-64 rounded-md border border-slate-200 bg-white p-1 shadow-lg focus:outline-none">
        <MenuSection>
          <MenuHeading className="px-3 py-1 text-xs font-semibold text-slate-500">{t`Notify me about`}</MenuHeading>
          {levels.map((l) => (
            <MenuItem key={l.value} disabled={disabled}>
              <button type="button" role="menuitemradio" aria-checked={level === l.value} onClick={() => onLevel(l.value)} className={itemClass}>
                {level === l.value ? '✓ ' : ''}
                {l.label}
              </button>
            </MenuItem>
          ))}
        </MenuSection>
        <MenuSeparator className="my-1 h-px bg-slate-200" />
        <MenuSection>
          {muted ? (
            <MenuItem disabled={disabled}>
              <button type="button" onClick={() => onMute('off')} className={itemClass}>
                {t`Unmute`}
              </button>
            </MenuItem>
          ) : (
            mutes.map((m) => (
              <MenuItem key={m.value} disabled={disabled}>
                <button type="button" onClick={() => onMute(m.value)} className={itemClass}>
                  {m.label}
                </button>
              </MenuItem>
            ))
          )}
        </MenuSection>
      </MenuItems>
    </Menu>
  )
}
