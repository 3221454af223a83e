import { Link } from '@tanstack/react-router'
import { Menu, MenuButton, MenuItem } from '@headlessui/react'
import { useLingui } from '@lingui/react/macro'
import dayjs from 'dayjs'
import type { DndMenuProps } from '../../machines/attention'
import type { DndOption } from '../../../contract/attention'
import { Icon } from '../icons'
import { MenuChoice, menuItemClass, MenuPanel } from './menu-parts'

/** The header's do-not-disturb menu: pause notifications now, resume, or set working hours; its icon shows when it is on. */
export function DndMenu({ active, until, disabled, onSet }: DndMenuProps) {
  const { t } = useLingui()
  const pauses: { value: DndOption; label: string }[] = [
    { value: '30m', label: t`Pause for 30 minutes` },
    { value: '1h', label: t`Pause for 1 hour` },
    // 'tomorrow' ends at the next 08:00 (TOMORROW_HOUR of contract/attention.ts): today's when chosen before it.
    { value: 'tomorrow', label: t`Pause until 8:00` },
  ]
  const state = active
    ? until
      ? t`Do not disturb until ${dayjs(until).format('HH:mm')}`
      : t`Do not disturb (outside working hours)`
    : t`Notifications on`
  return (
    <Menu>
      <MenuButton
        aria-label={t`Do not disturb: ${state}`}
        className={`inline-flex h-10 w-10 shrink-0 items-center justify-center rounded-full hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-indigo-600 ${active ? 'bg-violet-100 text-violet-800' : 'text-slate-600'}`}
      >
        <Icon name="moon" />
      </MenuButton>
      <MenuPanel>
        <p className="px-3 py-1 text-xs font-semibold text-slate-500">{state}</p>
        {pauses.map((p) => (
          <MenuChoice key={p.value} disabled={disabled} onChoose={() => onSet(p.value)}>
            {p.label}
          </MenuChoice>
        ))}
        {until ? (
          <MenuChoice disabled={disabled} onChoose={() => onSet('off')}>
            {t`Resume notifications`}
          </MenuChoice>
        ) : null}
        <MenuItem>
          <Link to="/setting" className={menuItemClass}>
            {t`Working hours…`}
          </Link>
        </MenuItem>
      </MenuPanel>
    </Menu>
  )
}
