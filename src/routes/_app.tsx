import { useCallback, useEffect, useMemo, useState } from 'react'
import { createFileRoute, Outlet, redirect, useNavigate } from '@tanstack/react-router'
import { useActorRef, useSelector } from '@xstate/react'
import type { User } from '../../contract/user'
import { accountChannelsView } from '../machines/account-channels/account-channels.view'
import { onboardingView } from '../machines/onboarding/onboarding.view'
import { privacySettingsView } from '../machines/privacy-settings/privacy-settings.view'
import { accountView, type SessionState } from '../machines/session/session.connect'
import { appAccountChannelsMachine } from '../services/account-channels'
import { requestBrowserNotificationPermission, useBrowserNotificationPermission } from '../services/browser-notifications'
import { useNotificationBadge } from '../services/notification-badge'
import { appOnboardingMachine, referralOf } from '../services/onboarding'
import { appPrivacySettingsMachine, privacyValuesOf } from '../services/privacy-settings'
import { currentSessionActor, sendSession, useSession } from '../services/session'
import { useUnreadChats } from '../services/unread-chats'
import { useOutbox } from '../services/outbox'
import { AccountDrawer } from '../ui/app/account-drawer'
import { ChannelSwitcher } from '../ui/app/channel-switcher'
import { ChatLink } from '../ui/app/chat-link'
import { CreateChannel } from '../ui/app/create-channel'
import { AppShell } from '../ui/app/app-shell'
import { DocumentsModal } from '../ui/app/documents-modal'
import { LogoMark } from '../ui/logo'
import { MobileMenuButton, MobileNavDrawer, useMobileNav } from '../ui/mobile-nav/mobile-nav'
import { NotificationsDrawer } from '../ui/app/notifications-drawer'
import { ShellActionsContext } from '../ui/app/shell-context'
import { Sidebar } from '../ui/app/sidebar'
import { SupportDrawer } from '../ui/app/support-drawer'
import { TopHeader } from '../ui/app/top-header'
import { LanguageSelector } from '../ui/language-selector'
import { NotificationBell } from '../ui/notification-badge/notification-bell'
import { TitleIcon } from '../ui/notification-badge/title-icon'
import { OnboardingModal } from '../ui/onboarding/onboarding-modal'
import { PrivacySettingsModal } from '../ui/privacy-settings/privacy-settings-modal'

/** Pathless sidebar layout: requires login, else /login (and back here after it). */
export const Route = createFileRoute('/_app')({
  beforeLoad: async ({ context, location }) => {
    if (!(await context.session.loggedIn())) throw redirect({ to: '/login', search: { redirect: location.href } })
  },
  component: AppLayout,
})

type Panel = 'account' | 'support' | 'documents' | null

const userOf = (state: SessionState): User | null => state?.context.user ?? null
const currentUser = () => currentSessionActor()?.getSnapshot().context.user ?? null

/**
 * The sidebar layout runs the shell's machines: notificationBadge (header bell, drawer, title
 * icon, browser notifications), privacySettings (the account menu's 'setting'), accountChannels
 * (the account drawer's channels and the create-channel modal), onboarding (first login) and
 * mobileNav (the sidebar behind 'Menu' below 768px). The views only render their view props and
 * send events.
 */
function AppLayout() {
  const account = useSession(accountView)
  const user = useSession(userOf)
  const [panel, setPanel] = useState<Panel>(null)

  const notifications = useNotificationBadge()
  const permission = useBrowserNotificationPermission()

  const privacy = useActorRef(appPrivacySettingsMachine, { input: { values: privacyValuesOf(currentUser()) } })
  const privacyProps = useSelector(privacy, privacySettingsView)

  const mobileNav = useMobileNav()
  const nav = mobileNav.view
  const openPanel = (next: Panel) => mobileNav.closeFor(() => setPanel(next))
  const openNotifications = mobileNav.closeFor(() => {
    setPanel(null)
    notifications.send({ type: 'OPEN_DRAWER' })
  })
  const shellActions = useMemo(
    () => ({
      openPrivacySettings: () => {
        setPanel(null)
        privacy.send({ type: 'OPEN', values: privacyValuesOf(currentUser()) })
      },
    }),
    [privacy],
  )

  const sidebarProps = {
    chatHref: account.chatHref,
    onOpenNotifications: openNotifications,
    onOpenSupport: openPanel('support'),
    onOpenDocuments: openPanel('documents'),
  }
  const { view: badge } = notifications
  const channels = useAccountChannels(panel === 'account')
  const sendNotifications = notifications.send
  useOutbox(user?._id ?? null)
  useUnreadChats(user?._id ?? '', useCallback((count: number) => sendNotifications({ type: 'CHAT_UNREAD', count }), [sendNotifications]))

  return (
    <ShellActionsContext.Provider value={shellActions}>
      <TitleIcon icon={badge.titleIcon} />
      <AppShell
        sidebar={<Sidebar {...sidebarProps} />}
        header={
          <TopHeader
            name={account.name}
            photoUrl={account.photoUrl}
            initials={account.initials}
            menuButton={<MobileMenuButton view={nav} placement="sidebar" buttonRef={mobileNav.menuButtonRef} />}
            chats={<ChatLink badge={badge.chatBadge} count={badge.chatUnread} />}
            notifications={<NotificationBell dot={badge.dot} unread={badge.unread} drawerOpen={badge.drawerOpen} onOpen={openNotifications} />}
            languageSelector={<LanguageSelector />}
            onOpenAccount={() => setPanel('account')}
          />
        }
        overlays={
          <>
            <MobileNavDrawer view={nav} placement="sidebar" brand={<LogoMark className="h-8 w-8" />} closeButtonRef={mobileNav.closeButtonRef} onFollowLink={mobileNav.followLink}>
              <Sidebar {...sidebarProps} variant="drawer" />
            </MobileNavDrawer>
            <AccountDrawer
              open={panel === 'account'}
              onClose={() => setPanel(null)}
              {...account}
              onLogout={() => sendSession({ type: 'LOGOUT' })}
              onOpenSettings={shellActions.openPrivacySettings}
              channels={
                <ChannelSwitcher
                  {...channels.view.switcher}
                  currentId={user?.account.channel ?? null}
                  onSwitch={channels.onSwitch}
                  onRetry={channels.onRetry}
                  onCreate={() => {
                    channels.onCreate()
                    setPanel(null)
                  }}
                />
              }
            />
            <NotificationsDrawer
              open={badge.drawerOpen}
              onClose={() => notifications.send({ type: 'CLOSE_DRAWER' })}
              items={badge.items}
              unread={badge.unread}
              canMarkAllSeen={badge.canMarkAllSeen}
              onSeen={(id) => notifications.send({ type: 'SEEN', id })}
              onSeenAll={() => notifications.send({ type: 'SEEN_ALL' })}
              permission={permission}
              onEnableBrowserNotifications={() => void requestBrowserNotificationPermission()}
            />
            <SupportDrawer open={panel === 'support'} onClose={() => setPanel(null)} />
            <DocumentsModal open={panel === 'documents'} onClose={() => setPanel(null)} />
            <PrivacySettingsModal
              {...privacyProps}
              onToggle={(field) => privacy.send({ type: 'TOGGLE', field })}
              onCancel={() => privacy.send({ type: 'CANCEL' })}
              onOk={() => privacy.send({ type: 'OK' })}
            />
            {user ? <Onboarding key={user._id} user={user} /> : null}
            {user && channels.view.createModal ? (
              <CreateChannel
                input={{ plan: user.package, administeredChannels: channels.view.createModal.administeredChannels }}
                onCreated={channels.onCreated}
                onClosed={channels.onCreateClosed}
              />
            ) : null}
          </>
        }
      >
        <Outlet />
      </AppShell>
    </ShellActionsContext.Provider>
  )
}

/**
 * The account drawer's channels (accountChannels machine): it hears the drawer open and close;
 * a created channel's chats open through the router.
 */
function useAccountChannels(drawerOpen: boolean) {
  const navigate = useNavigate()
  const machine = useMemo(() => appAccountChannelsMachine.provide({ actions: { openChats: () => void navigate({ to: '/chat/default' }) } }), [navigate])
  const actor = useActorRef(machine)
  useEffect(() => actor.send({ type: drawerOpen ? 'DRAWER_OPENED' : 'DRAWER_CLOSED' }), [actor, drawerOpen])
  const view = useSelector(actor, accountChannelsView)
  const handlers = useMemo(
    () => ({
      onSwitch: (channelId: string) => actor.send({ type: 'SWITCH', channelId }),
      onRetry: () => actor.send({ type: 'RETRY' }),
      onCreate: () => actor.send({ type: 'CREATE' }),
      onCreated: () => actor.send({ type: 'CREATED' }),
      onCreateClosed: () => actor.send({ type: 'CREATE_CLOSED' }),
    }),
    [actor],
  )
  return { view, ...handlers }
}

/** The first-login tutorial: started once per user with the account's skip_tutorial and the page's referral query. */
function Onboarding({ user }: { user: User }) {
  const actor = useActorRef(appOnboardingMachine, {
    input: { skipTutorial: user.account.skip_tutorial, referral: referralOf(window.location.search) },
  })
  const view = useSelector(actor, onboardingView)
  const { send } = actor
  return (
    <OnboardingModal
      {...view}
      onChoose={(useFor) => send({ type: 'CHOOSE', useFor })}
      onNext={() => send({ type: 'NEXT' })}
      onKeyword={(keyword) => send({ type: 'CHANGE_KEYWORD', keyword })}
      onSearch={() => send({ type: 'SEARCH' })}
      onJoin={(channelId) => send({ type: 'JOIN', channelId })}
      onChange={(field, value) => send({ type: 'CHANGE', field, value })}
      onChooseType={(channelType) => send({ type: 'CHOOSE_TYPE', channelType })}
      onSubmit={() => send({ type: 'SUBMIT' })}
      onSkip={() => send({ type: 'SKIP' })}
    />
  )
}
