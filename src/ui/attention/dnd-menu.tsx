import { Menu, MenuButton, MenuItem, MenuItems } from '@headlessui/react'
import { Link } from '@tanstack/react-router'
import { useLingui } from '@lingui/react/macro'
import dayjs from 'dayjs'
import type { DndMenuProps } from '../../machines/attention'
import type { DndOption } from '../../../contract/attention'

const itemClass = 'block w-full rounded px-3 py-1.5 text-left text-sm text-slate-800 data-focus:bg-indigo-50 data-disabled:opacity-50'

/** The header's do-not-disturb menu: pause notifications now, resume, or set working hours; its icon shows when it is on. */
export function DndMenu({ active, until, disabled, onSet }: DndMenuProps) {
  const { t } = useLingui()
  const pauses: { value: DndOption; label: string }[] = [
    { value: '30m', label: t`Pause for 30 minutes` },
    { value: '1h', label: t`Pause for 1 hour` },
    { value: 'tomorrow', label: t`Pause until tomorrow` },
  ]
  const state = active ? (until ? t`Do not disturb until ${dayjs(until).format('HH:mm')}` : t`Do not disturb (outside working hours)`) : t`Notifications on`
  return (
    <Menu as="div" className="relative">
      <MenuButton
        aria-label={t`Do not disturb: ${state}`}
        className={`inline-flex h-9 w-9 items-center justify-center rounded-full hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-indigo-600 ${active ? 'bg-violet-100 text-violet-800' : 'text-slate-600'}`}
      >
        <span aria-hidden="true">{active ? '🌙' : '☾'}</span>
      </MenuButton>
      <MenuItems className="absolute right-0 z-30 mt-1 w-64 rounded-md border border-slate-200 bg-white p-1 shadow-lg focus:outline-none">
        <p className="px-3 py-1 text-xs font-semibold text-slate-500">{state}</p>
        {pauses.map((p) => (
          <MenuItem key={p.value} disabled={disabled}>
            <button type="button" onClick={() => onSet(p.value)} className={itemClass}>
              {p.label}
            </button>
          </MenuItem>
        ))}
        {until ? (
          <MenuItem disabled={disabled}>
            <button type="button" onClick={() => onSet('off')} className={itemClass}>
              {t`Resume notifications`}
            </button>
          </MenuItem>
        ) : null}
        <MenuItem>
          <Link to="/account/setting" className={itemClass}>
            {t`Working hours…`}
          </Link>
        </MenuItem>
      </MenuItems>
    </Menu>
  )
}
