import { useLingui } from '@lingui/react/macro'
import dayjs from 'dayjs'
import type { DndMenuProps } from '../../machines/attention'
import { deferredMenu, type MenuFace } from '../deferred-menu'
import { Icon } from '../icons'

/** The header's moon button, named with the do-not-disturb state (and that state's words, which the open menu repeats). */
export function useDndMenuFace({ active, until }: DndMenuProps): MenuFace & { state: string } {
  const { t } = useLingui()
  const state = active
    ? until
      ? t`Do not disturb until ${dayjs(until).format('HH:mm')}`
      : t`Do not disturb (outside working hours)`
    : t`Notifications on`
  return {
    state,
    label: t`Do not disturb: ${state}`,
    className: `inline-flex h-10 w-10 shrink-0 items-center justify-center rounded-full hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-indigo-600 ${active ? 'bg-violet-100 text-violet-800' : 'text-slate-600'}`,
    content: <Icon name="moon" />,
  }
}

/** The header's do-not-disturb menu (dnd-menu.tsx), loaded with Headless UI when first opened. */
export const DeferredDndMenu = deferredMenu<DndMenuProps>(() => import('./dnd-menu').then((m) => m.DndMenu), useDndMenuFace)
