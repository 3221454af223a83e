import { lazy, Suspense, useMemo, useState } from 'react'
import { createFileRoute, Outlet, redirect, useNavigate } from '@tanstack/react-router'
import type { User } from '../../contract/user'
import { accountView, type SessionState } from '../machines/session/session.connect'
import { useAccountChannels } from '../services/account-channels'
import { useAttention, useAttentionRuntime } from '../services/attention'
import { useMobileNav } from '../services/mobile-nav'
import { useNotificationBadge } from '../services/notification-badge'
import { requireCatalogParts } from '../services/i18n'
import { useFirstPagePainted } from '../services/first-paint'
import { chooseLanguage, sendSession, useSession } from '../services/session'
import { useActivityReport, usePresence } from '../services/presence'
import { PresenceHookContext } from '../ui/presence/presence-context'
import { useSupportChat } from '../services/support-chat'
import { TopicListActorContext, useChatBadge, useTopicListRuntime } from '../services/topic-list'
import { DeferredDndMenu } from '../ui/attention/deferred-dnd-menu'
import { AppShell } from '../ui/app/app-shell'
import { DeferredChannelMenu } from '../ui/app/deferred-channel-menu'
import { ChannelSwitcher } from '../ui/app/channel-switcher'
import { ChatLink } from '../ui/app/chat-link'
import { ShellActionsContext } from '../ui/app/shell-context'
import { Sidebar } from '../ui/app/sidebar'
import { TopHeader } from '../ui/app/top-header'
import { WhenOpened } from '../ui/when-opened'
import { useSearch } from '../services/search'
import { SearchBox } from '../ui/search/search-box'
import { LanguageSelector } from '../ui/language-selector'
import { LogoMark } from '../ui/logo'
import { MobileMenuButton, MobileNavDrawer } from '../ui/mobile-nav/mobile-nav'
import { NotificationBell } from '../ui/notification-badge/notification-bell'
import { TitleIcon } from '../ui/notification-badge/title-icon'

/** Pathless sidebar layout: requires login, else /login (and back here after it). */
export const Route = createFileRoute('/_app')({
  beforeLoad: async ({ context, location }) => {
    if (!(await context.session.loggedIn())) throw redirect({ to: '/login', search: { redirect: location.href } })
  },
  component: AppLayout,
})

/** The support drawer's chat: the conversation code (and its messages' catalog part) loads when it first opens. */
const SupportConversation = lazy(async () => (await Promise.all([import('./-support-conversation'), requireCatalogParts(['pages'])]))[0])
// The drawers and modals load when first opened (WhenOpened): none of them, nor the dialog library, is needed to show a page.
const AccountDrawer = lazy(() => import('../ui/app/account-drawer').then((m) => ({ default: m.AccountDrawer })))
const MyStatus = lazy(() => import('./-my-status').then((m) => ({ default: m.MyStatus })))
const NotificationsDrawer = lazy(() => import('./_app/-notifications-drawer'))
const SupportDrawer = lazy(() => import('../ui/app/support-drawer').then((m) => ({ default: m.SupportDrawer })))
const DocumentsModal = lazy(() => import('../ui/app/documents-modal').then((m) => ({ default: m.DocumentsModal })))
// What shows nothing on the first page (the outbox, the calls, the first-login tutorial) loads once it is painted.
const OutboxRuntime = lazy(() => import('./_app/-background').then((m) => ({ default: m.OutboxRuntime })))
const Calls = lazy(() => import('./_app/-background').then((m) => ({ default: m.Calls })))
const Onboarding = lazy(() => import('./_app/-background').then((m) => ({ default: m.Onboarding })))
const CreateChannel = lazy(() => import('./_app/-background').then((m) => ({ default: m.CreateChannel })))
const MeetingNow = lazy(async () => (await Promise.all([import('./-meeting-now'), requireCatalogParts(['pages'])]))[0])

type Panel = 'account' | 'support' | 'documents' | 'meeting' | null

const userOf = (state: SessionState): User | null => state?.context.user ?? null

/**
 * The sidebar layout composes the shell's machines, each through its hook: notificationBadge
 * (header bell, drawer, title icon), topicList (the chats page's list and the unread chats badge
 * of the Chats links, provided to the chats page), accountChannels (the account drawer's channels and the sidebar's channel menu, the create-channel modal, which pages open through the shell actions), onboarding (first
 * login) and mobileNav (the sidebar behind 'Menu' below 768px). Which side panel shows is the
 * layout's own state.
 */
function AppLayout() {
  const account = useSession(accountView)
  const user = useSession(userOf)
  const [panel, setPanel] = useState<Panel>(null)
  const nav = useMobileNav()
  const notifications = useNotificationBadge(user?._id ?? '')
  // The sidebar's channel menu shows the account drawer's list: the list loads while either is open.
  const [channelMenuOpen, setChannelMenuOpen] = useState(false)
  const channels = useAccountChannels(panel === 'account' || channelMenuOpen)
  const painted = useFirstPagePainted()
  useAttentionRuntime(user?._id ?? '')
  const attention = useAttention()
  const topicList = useTopicListRuntime(user?._id ?? '')
  const chatBadge = useChatBadge(topicList)
  const support = useSupportChat(panel === 'support', user?._id ?? '')
  // presence: this tab's activity (away after 10 idle minutes), told to the server on its transitions only.
  const activity = useActivityReport()

  const closePanel = () => setPanel(null)
  const openPanel = (next: Panel) => nav.closeFor(() => setPanel(next))
  const openNotifications = () => {
    setPanel(null)
    notifications.bell.onOpen()
  }
  const navigate = useNavigate()
  const createChannel = channels.onCreateFromPage
  const shellActions = useMemo(
    () => ({
      openPrivacySettings: () => {
        setPanel(null)
        void navigate({ to: '/account/privacy' })
      },
      createChannel,
    }),
    [navigate, createChannel],
  )
  const channelMenu = (variant: 'rail' | 'drawer') => (
    <DeferredChannelMenu
      {...channels.switcher}
      currentId={user?.account.channel ?? null}
      onOpenChange={setChannelMenuOpen}
      variant={variant}
    />
  )
  const sidebar = {
    chatHref: account.chatHref,
    chatBadge,
    onOpenSupport: openPanel('support'),
    onOpenDocuments: openPanel('documents'),
    onOpenMeeting: openPanel('meeting'),
  }

  return (
    <TopicListActorContext.Provider value={topicList}>
      <ShellActionsContext.Provider value={shellActions}>
        <PresenceHookContext.Provider value={usePresence}>
          <TitleIcon {...notifications.titleIcon} />
          <AppShell
            sidebar={<Sidebar {...sidebar} channelMenu={channelMenu('rail')} />}
            header={
              <TopHeader
                name={account.name}
                photoUrl={account.photoUrl}
                initials={account.initials}
                menuButton={<MobileMenuButton nav={nav} placement="sidebar" />}
                chats={<ChatLink {...chatBadge} />}
                search={<HeaderSearch />}
                notifications={<NotificationBell {...notifications.bell} onOpen={openNotifications} />}
                languageSelector={<LanguageSelector onChoose={chooseLanguage} />}
                dnd={attention ? <DeferredDndMenu {...attention.dnd} /> : null}
                dndActive={attention?.dnd.active ?? false}
                onOpenAccount={() => setPanel('account')}
              />
            }
            overlays={
              <>
                <MobileNavDrawer nav={nav} placement="sidebar" brand={<LogoMark className="h-8 w-8" />}>
                  <Sidebar {...sidebar} channelMenu={channelMenu('drawer')} variant="drawer" />
                </MobileNavDrawer>
                <WhenOpened open={panel === 'account'}>
                  <AccountDrawer
                    open={panel === 'account'}
                    onClose={closePanel}
                    {...account}
                    onLogout={() => sendSession({ type: 'LOGOUT' })}
                    status={user ? <MyStatus meId={user._id} away={activity.away} /> : null}
                    channels={
                      <ChannelSwitcher
                        {...channels.switcher}
                        currentId={user?.account.channel ?? null}
                        onCreate={() => {
                          channels.switcher.onCreate()
                          closePanel()
                        }}
                      />
                    }
                  />
                </WhenOpened>
                <WhenOpened open={notifications.drawer.open}>
                  <NotificationsDrawer {...notifications.drawer} />
                </WhenOpened>
                <WhenOpened open={support.open}>
                  <SupportDrawer
                    {...support}
                    onClose={closePanel}
                    chat={
                      support.topic && user ? (
                        <Suspense fallback={null}>
                          <SupportConversation key={support.topic._id} topic={support.topic} meId={user._id} />
                        </Suspense>
                      ) : null
                    }
                  />
                </WhenOpened>
                <WhenOpened open={panel === 'documents'}>
                  <DocumentsModal open={panel === 'documents'} onClose={closePanel} />
                </WhenOpened>
                {panel === 'meeting' ? (
                  <Suspense fallback={null}>
                    <MeetingNow name={account.name} onClosed={closePanel} />
                  </Suspense>
                ) : null}
                {user && painted ? (
                  <Suspense fallback={null}>
                    <OutboxRuntime key={`outbox:${user._id}`} user={user} />
                    <Onboarding key={user._id} user={user} />
                    <Calls key={`calls:${user._id}`} user={user} />
                  </Suspense>
                ) : null}
                {user && channels.createModal ? (
                  <Suspense fallback={null}>
                    <CreateChannel user={user} {...channels.createModal} />
                  </Suspense>
                ) : null}
              </>
            }
          >
            <Outlet />
          </AppShell>
        </PresenceHookContext.Provider>
      </ShellActionsContext.Provider>
    </TopicListActorContext.Provider>
  )
}

/** The header's one search (600 ms debounce): people, groups, channels, and messages. */
function HeaderSearch() {
  return <SearchBox variant="popover" {...useSearch('all')} />
}
