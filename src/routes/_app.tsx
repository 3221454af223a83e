import { useState } from 'react'
import { createFileRoute, Outlet, redirect } from '@tanstack/react-router'
import { accountView } from '../machines/session/session.view'
import { sendSession, useSession } from '../services/session'
import { AccountDrawer } from '../ui/app/account-drawer'
import { AppShell } from '../ui/app/app-shell'
import { DocumentsModal } from '../ui/app/documents-modal'
import { NotificationsDrawer } from '../ui/app/notifications-drawer'
import { Sidebar } from '../ui/app/sidebar'
import { SupportDrawer } from '../ui/app/support-drawer'
import { TopHeader } from '../ui/app/top-header'
import { LanguageSelector } from '../ui/language-selector'

/** Pathless sidebar layout: requires login, else /login (and back here after it). */
export const Route = createFileRoute('/_app')({
  beforeLoad: async ({ context, location }) => {
    if (!(await context.session.loggedIn())) throw redirect({ to: '/login', search: { redirect: location.href } })
  },
  component: AppLayout,
})

type Panel = 'account' | 'notifications' | 'support' | 'documents' | null

function AppLayout() {
  const account = useSession(accountView)
  const [panel, setPanel] = useState<Panel>(null)
  const close = () => setPanel(null)
  return (
    <AppShell
      sidebar={
        <Sidebar
          chatHref={account.chatHref}
          onOpenNotifications={() => setPanel('notifications')}
          onOpenSupport={() => setPanel('support')}
          onOpenDocuments={() => setPanel('documents')}
        />
      }
      header={
        <TopHeader name={account.name} photoUrl={account.photoUrl} initials={account.initials} languageSelector={<LanguageSelector />} onOpenAccount={() => setPanel('account')} />
      }
      overlays={
        <>
          <AccountDrawer open={panel === 'account'} onClose={close} {...account} onLogout={() => sendSession({ type: 'LOGOUT' })} />
          <NotificationsDrawer open={panel === 'notifications'} onClose={close} />
          <SupportDrawer open={panel === 'support'} onClose={close} />
          <DocumentsModal open={panel === 'documents'} onClose={close} />
        </>
      }
    >
      <Outlet />
    </AppShell>
  )
}
