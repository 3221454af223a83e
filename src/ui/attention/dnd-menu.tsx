import { Link } from '@tanstack/react-router'
import { Menu, MenuButton, MenuItem } from '@headlessui/react'
import { useLingui } from '@lingui/react/macro'
import type { DndMenuProps } from '../../machines/attention'
import type { DndOption } from '../../../contract/attention'
import { type MenuOpeningProps, useOpenedOnMount } from '../deferred-menu'
import { useDndMenuFace } from './deferred-dnd-menu'
import { MenuChoice, menuItemClass, MenuPanel } from './menu-parts'

/**
 * The header's do-not-disturb menu: pause notifications now, resume, or set working hours; its icon
 * shows when it is on. The header shows it as DeferredDndMenu, which loads it when first opened.
 */
export function DndMenu({ opening, ...props }: DndMenuProps & MenuOpeningProps) {
  const { until, disabled, onSet } = props
  const { t } = useLingui()
  const face = useDndMenuFace(props)
  const button = useOpenedOnMount(opening)
  const pauses: { value: DndOption; label: string }[] = [
    { value: '30m', label: t`Pause for 30 minutes` },
    { value: '1h', label: t`Pause for 1 hour` },
    // 'tomorrow' ends at the next 08:00 (TOMORROW_HOUR of contract/attention.ts): today's when chosen before it.
    { value: 'tomorrow', label: t`Pause until 8:00` },
  ]
  return (
    <Menu>
      <MenuButton ref={button} aria-label={face.label} title={face.title} className={face.className}>
        {face.content}
      </MenuButton>
      <MenuPanel>
        <p className="px-3 py-1 text-xs font-semibold text-slate-500">{face.state}</p>
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
