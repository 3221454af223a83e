import { Link, useRouter } from '@tanstack/react-router'
import { Trans, useLingui } from '@lingui/react/macro'
import { PhoneArt } from '../illustrations'
import { Logo } from '../logo'
import { safeRedirect } from './download-app-page'
import { useDocumentTitle } from '../page-parts'
import { StoreButtons } from '../store-buttons'

/** /call-app: calls and meetings in the native app, offered as the mobile prompt offers the app (the same stores). */
export function CallAppPage({ redirect }: { redirect?: string }) {
  const { t } = useLingui()
  const target = safeRedirect(redirect?.startsWith('/call-app') ? undefined : redirect)
  const router = useRouter()
  useDocumentTitle(t`Calls in the Workroom app`)
  return (
    <main className="flex min-h-screen flex-col bg-gradient-to-b from-indigo-600 to-indigo-800 text-white">
      <header className="px-5 pt-6">
        <Link to="/" aria-label={t`Workroom home`} className="inline-block rounded-lg bg-white px-2 py-1">
          <Logo />
        </Link>
      </header>
      <div className="mx-auto flex w-full max-w-md flex-1 flex-col items-center px-5 py-8 text-center">
        <PhoneArt className="h-56 w-auto drop-shadow-2xl" />
        <h1 className="mt-8 text-2xl font-bold tracking-tight">
          <Trans>Calls and meetings work best in the app</Trans>
        </h1>
        <p className="mt-3 text-indigo-100">
          <Trans>
            Answer calls even when the browser is closed, join meetings with their code and keep talking on the move. The app is free on
            iPhone and Android.
          </Trans>
        </p>
        <StoreButtons className="mt-8 justify-center" />
        <a
          href={target}
          onClick={(event) => {
            // Offered once per browser session: going on does not loop.
            event.preventDefault()
            router.history.push(target)
          }}
          className="mt-8 rounded-lg px-4 py-3 text-sm font-semibold text-white underline underline-offset-4 hover:text-indigo-100 focus-visible:outline-2 focus-visible:outline-white"
        >
          <Trans>Continue in browser</Trans>
        </a>
      </div>
    </main>
  )
}
