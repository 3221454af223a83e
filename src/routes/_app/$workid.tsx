import { createFileRoute, redirect, useRouter } from '@tanstack/react-router'
import { Trans } from '@lingui/react/macro'
import { meIdOf } from '../../machines/session'
import { chatRefusalOf } from '../../services/chat-refusal'
import { friendInputOf } from '../../services/person-profile'
import { useSession } from '../../services/session'
import { ChatRefused } from '../../ui/chat-refused'
import { PersonFriendActions } from './-friend-status'
import { PersonProfile } from '../../ui/people/person-profile'

/**
 * /{workid} opens the 1:1 chat with that person; when they refuse it (friends only, blocked), their
 * profile says why; a segment that is no one's workid (a typo) is the not-found page.
 */
export const Route = createFileRoute('/_app/$workid')({
  // The API layer loads with the first chat, not with every route's definition (the routes chunk).
  loader: async ({ params }) => {
    const { openChatOrProfile } = await import('../../services/person-profile')
    const outcome = await openChatOrProfile(params.workid)
    if (outcome.kind === 'chat') throw redirect({ to: '/chat/$topicId', params: { topicId: outcome.topicId }, replace: true })
    return outcome
  },
  pendingMs: 0,
  pendingMinMs: 0,
  pendingComponent: () => (
    <p role="status" className="p-6 text-sm text-slate-500">
      <Trans>Opening the chat…</Trans>
    </p>
  ),
  errorComponent: WorkidError,
  component: RefusedChat,
})

function WorkidError({ error }: { error: unknown }) {
  const router = useRouter()
  return <ChatRefused reason={chatRefusalOf(error)} onRetry={() => void router.invalidate()} />
}

function RefusedChat() {
  const { person, reason } = Route.useLoaderData()
  const meId = useSession(meIdOf)
  return (
    <PersonProfile
      key={person._id}
      name={person.name}
      workid={person.workid}
      photoUrl={person.photo_url}
      refusal={reason}
      isSelf={meId === person._id}
      actions={<PersonFriendActions input={friendInputOf(person)} />}
    />
  )
}
