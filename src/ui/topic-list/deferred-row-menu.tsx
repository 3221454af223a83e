import { useLingui } from '@lingui/react/macro'
import { deferredMenu, type MenuFace } from '../deferred-menu'
import type { RowMenuProps } from './row-menu'

/** The "more" button of a chat row: three dots named 'Actions for {name}'. */
export function useRowMenuFace({ name }: RowMenuProps): MenuFace {
  const { t } = useLingui()
  return {
    label: t`Actions for ${name}`,
    className:
      'flex h-8 w-8 shrink-0 items-center justify-center rounded-full text-slate-600 hover:bg-slate-200 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-indigo-600 data-open:bg-slate-200',
    content: (
      <svg aria-hidden="true" viewBox="0 0 24 24" className="h-5 w-5" fill="currentColor">
        <circle cx="5" cy="12" r="1.8" />
        <circle cx="12" cy="12" r="1.8" />
        <circle cx="19" cy="12" r="1.8" />
      </svg>
    ),
  }
}

/** A chat row's menu (row-menu.tsx), loaded with Headless UI when one is first opened. */
export const DeferredRowMenu = deferredMenu<RowMenuProps>(() => import('./row-menu').then((m) => m.RowMenu), useRowMenuFace)
