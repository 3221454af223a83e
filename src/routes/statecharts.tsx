import { useEffect } from 'react'
import { createFileRoute, Link, Outlet } from '@tanstack/react-router'
import { Trans, useLingui } from '@lingui/react/macro'

/** /statecharts: the product's statecharts for review (code-split; loads elkjs only here). */
export const Route = createFileRoute('/statecharts')({ component: StatechartsLayout })

function StatechartsLayout() {
  const { t } = useLingui()
  const title = t`Statecharts`
  useEffect(() => {
    const previous = document.title
    document.title = `${title} · Workroom`
    return () => {
      document.title = previous
    }
  }, [title])
  return (
    <div className="flex min-h-dvh flex-col bg-slate-50 text-slate-900 lg:h-dvh">
      <header className="border-b border-slate-200 bg-white px-4 py-2">
        <nav aria-label={t`Statecharts`} className="flex items-center gap-2 text-sm">
          <Link to="/" className="font-semibold text-slate-900 hover:underline">
            Workroom
          </Link>
          <span aria-hidden="true" className="text-slate-400">
            /
          </span>
          <Link
            to="/statecharts"
            activeOptions={{ exact: true }}
            className="text-indigo-700 hover:underline aria-[current=page]:font-semibold aria-[current=page]:text-slate-900"
          >
            <Trans>Statecharts</Trans>
          </Link>
        </nav>
      </header>
      <main className="flex min-h-0 flex-1 flex-col px-3 py-3 sm:px-4 lg:overflow-auto">
        <Outlet />
      </main>
    </div>
  )
}
