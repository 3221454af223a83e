import { useRouterState } from '@tanstack/react-router'
import { useLingui } from '@lingui/react/macro'

/** Whether the router is on its way to another page (its code, its checks or its data). */
const pendingOf = (state: { status: 'pending' | 'idle'; isLoading: boolean }) => state.status === 'pending' || state.isLoading

/** A thin bar across the top of the screen from the moment a navigation waits until the new page shows. */
export function NavigationProgress() {
  const { t } = useLingui()
  const pending = useRouterState({ select: pendingOf })
  if (!pending) return null
  return (
    <div role="progressbar" aria-label={t`Loading the page`} className="fixed inset-x-0 top-0 z-[60] h-0.5 bg-indigo-100">
      <div className="h-full w-full animate-pulse bg-indigo-600" />
    </div>
  )
}
