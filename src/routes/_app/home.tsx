import { createFileRoute } from '@tanstack/react-router'
import { useLingui } from '@lingui/react/macro'
import { accountView } from '../../machines/session/session.connect'
import { resolveLanguage } from '../../services/i18n'
import { useSession } from '../../services/session'
import { formatDate } from '../../services/time-ago'
import { HomeWelcome } from '../../ui/app/home-welcome'

export const Route = createFileRoute('/_app/home')({ component: HomePage })

function HomePage() {
  const account = useSession(accountView)
  const { i18n } = useLingui()
  return (
    <HomeWelcome
      name={account.name}
      workid={account.workid}
      memberSince={account.createdAt ? formatDate(account.createdAt, resolveLanguage(i18n.locale)) : null}
    />
  )
}
