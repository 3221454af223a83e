import { lazy, useEffect } from 'react'
import { createFileRoute, Link, Outlet, useMatch, useNavigate, useParams } from '@tanstack/react-router'
import { Trans, useLingui } from '@lingui/react/macro'
import { Icon } from '../../../ui/icons'
import { meIdOf, type SessionState } from '../../../machines/session'
import { firstPagePainted } from '../../../services/first-paint'
import { useNewGroup } from '../../../services/new-group'
import { usePeoplePicker } from '../../../services/people-picker'
import { useSession } from '../../../services/session'
import { useTopicList } from '../../../services/topic-list'
import { useShellActions } from '../../../ui/app/shell-context'
import { loadTopicRows, TopicList } from '../../../ui/topic-list/topic-list'
import { Button, buttonClass } from '../../../ui/button'
import { WhenOpened } from '../../../ui/when-opened'

export const Route = createFileRoute('/_app/chat')({ component: ChatLayout })

/** Load when first opened (WhenOpened), with the dialog library. */
const NewGroupDialog = lazy(() => import('../../../ui/topic-list/new-group-dialog').then((m) => ({ default: m.NewGroupDialog })))
const PeoplePickerDialog = lazy(() =>
  import('../../../ui/topic-list/people-picker-dialog').then((m) => ({ default: m.PeoplePickerDialog })),
)

const channelOf = (state: SessionState) => state?.context.user?.account.channel ?? null

/**
 * Chats: the topic list beside the open chat. Below 768px the list is the /chat/default page and
 * an open chat (or a channel's page: its calendar, its storage) takes the whole width.
 */
function ChatLayout() {
  const { t } = useLingui()
  const params = useParams({ strict: false })
  const openTopicId = 'topicId' in params && typeof params.topicId === 'string' ? params.topicId : null
  // Saved and Scheduled are pages of their own beside the list too.
  const savedOpen = useMatch({ from: '/_app/chat/saved', shouldThrow: false }) !== undefined
  const scheduledOpen = useMatch({ from: '/_app/chat/scheduled', shouldThrow: false }) !== undefined
  const threadsOpen = useMatch({ from: '/_app/chat/threads', shouldThrow: false }) !== undefined
  const pageOpen = openTopicId !== null || 'channelId' in params || threadsOpen || savedOpen || scheduledOpen
  // The list marks the open chat seen only once its page has loaded the topic: the page reads where
  // the user had stopped reading (the unread divider) before that mark moves it.
  const loaded = useMatch({ from: '/_app/chat/$topicId', shouldThrow: false })
  const loadedTopicId = loaded?.status === 'success' ? loaded.params.topicId : null
  const meId = useSession(meIdOf)
  const channelId = useSession(channelOf)
  const navigate = useNavigate()
  const { createChannel } = useShellActions()
  const list = useTopicList(loadedTopicId)
  // The rows' code loads once the first frame is painted, beside the chats' own request.
  useEffect(
    () =>
      void firstPagePainted()
        .then(loadTopicRows)
        .catch(() => {}),
    [],
  )
  const newGroup = useNewGroup(meId, (topic) => {
    list.onAdded(topic)
    list.onOpen(topic._id)
  })
  // One person: their 1:1 chat (/{workid} opens it, or says why not); several: a new group in the channel.
  const picker = usePeoplePicker(meId, (picked) => {
    if (picked.type === 'chat') void navigate({ to: '/$workid', params: { workid: picked.person.workid } })
    else if (channelId)
      newGroup.onOpen(
        channelId,
        picked.people.map((p) => p._id),
      )
  })
  const newMessage = (
    <Button size="sm" onClick={() => picker.onOpen(channelId !== null)} aria-haspopup="dialog">
      <Trans>New message</Trans>
    </Button>
  )
  // Without a channel there is no group to start: the sidebar layout's create-channel modal instead.
  const createChannelButton = channelId ? null : (
    <Button size="sm" variant="secondary" onClick={createChannel} aria-haspopup="dialog">
      <Trans>Create a channel</Trans>
    </Button>
  )
  return (
    <div className="flex h-full min-h-0">
      <aside
        className={`${pageOpen ? 'hidden md:flex' : 'flex'} w-full min-h-0 flex-col overflow-hidden border-r border-slate-200 bg-white md:w-72 lg:w-80`}
      >
        <div className="flex flex-wrap items-center gap-2 border-b border-slate-200 px-3 py-2">
          <h1 className="mr-auto text-base font-semibold text-slate-900">
            <Trans>Chats</Trans>
          </h1>
          {newMessage}
          {channelId ? (
            <Button size="sm" variant="secondary" onClick={() => newGroup.onOpen(channelId)} aria-haspopup="dialog">
              <Trans>New group</Trans>
            </Button>
          ) : (
            createChannelButton
          )}
          <Link to="/chat/threads" className={buttonClass('ghost', 'sm')} aria-current={threadsOpen ? 'page' : undefined}>
            <Trans>Threads</Trans>
          </Link>
          {list.hiddenChats ? null : (
            <Button size="sm" variant="ghost" onClick={list.onShowHidden}>
              <Trans>Hidden chats</Trans>
            </Button>
          )}
        </div>
        <nav aria-label={t`Your messages`} className="flex gap-1 border-b border-slate-200 px-2 py-1">
          <Link
            to="/chat/saved"
            className="inline-flex min-h-9 items-center gap-1.5 rounded-md px-2 text-sm text-slate-700 hover:bg-slate-100 data-[status=active]:bg-indigo-50 data-[status=active]:text-indigo-800"
          >
            <Icon name="bookmark" className="h-4 w-4" />
            <Trans>Saved</Trans>
          </Link>
          <Link
            to="/chat/scheduled"
            className="inline-flex min-h-9 items-center gap-1.5 rounded-md px-2 text-sm text-slate-700 hover:bg-slate-100 data-[status=active]:bg-indigo-50 data-[status=active]:text-indigo-800"
          >
            <Icon name="clock" className="h-4 w-4" />
            <Trans>Scheduled</Trans>
          </Link>
        </nav>
        {channelId ? (
          <WhenOpened open={newGroup.open}>
            <NewGroupDialog {...newGroup} />
          </WhenOpened>
        ) : null}
        <WhenOpened open={picker.open}>
          <PeoplePickerDialog {...picker} />
        </WhenOpened>
        <TopicList
          {...list}
          emptyActions={
            <>
              {newMessage}
              {createChannelButton}
              <Link to="/contact" className={buttonClass('secondary', 'sm')}>
                <Trans>Find people</Trans>
              </Link>
            </>
          }
        />
      </aside>
      <section className={`${pageOpen ? 'flex' : 'hidden md:flex'} min-h-0 min-w-0 flex-1 flex-col`}>
        <Outlet />
      </section>
    </div>
  )
}
