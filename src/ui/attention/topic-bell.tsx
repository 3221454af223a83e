import { useLingui } from '@lingui/react/macro'
import dayjs from 'dayjs'
import type { TopicBellProps } from '../../machines/attention'
import type { MuteOption, NotifyLevel } from '../../../contract/attention'
import { Menu, MenuButton } from '@headlessui/react'
import { Icon } from '../icons'
import { MenuChoice, MenuPanel } from './menu-parts'

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
    // 'tomorrow' ends at the next 08:00 (TOMORROW_HOUR of contract/attention.ts): today's when chosen before it.
    { value: 'tomorrow', label: t`Mute until 8:00` },
    { value: 'forever', label: t`Mute until I turn it back on` },
  ]
  const state = muted
    ? mutedForever
      ? t`Muted`
      : t`Muted until ${dayjs(mutedUntil).format('DD/MM HH:mm')}`
    : levels.find((l) => l.value === level)!.label
  return (
    <Menu>
      <MenuButton
        aria-label={t`Chat notifications: ${state}`}
        className="inline-flex h-10 min-w-10 shrink-0 items-center justify-center gap-1 rounded px-2 text-sm text-slate-600 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-indigo-600"
      >
        <Icon name={muted || level === 'nothing' ? 'bell-off' : 'bell'} />
        <span className="hidden lg:inline">{state}</span>
      </MenuButton>
      <MenuPanel>
        <p className="px-3 py-1 text-xs font-semibold text-slate-500">{t`Notify me about`}</p>
        {levels.map((l) => (
          <MenuChoice key={l.value} checked={level === l.value} disabled={disabled} onChoose={() => onLevel(l.value)}>
            {l.label}
          </MenuChoice>
        ))}
        <hr className="my-1 border-slate-200" />
        {muted ? (
          <MenuChoice disabled={disabled} onChoose={() => onMute('off')}>
            {t`Unmute`}
          </MenuChoice>
        ) : (
          mutes.map((m) => (
            <MenuChoice key={m.value} disabled={disabled} onChoose={() => onMute(m.value)}>
              {m.label}
            </MenuChoice>
          ))
        )}
      </MenuPanel>
    </Menu>
  )
}
