import { createFileRoute } from '@tanstack/react-router'
import { Trans } from '@lingui/react/macro'
import type { SessionState } from '../../machines/session'
import { friendInputOf } from '../../services/person-profile'
import { useSession } from '../../services/session'
import { PersonFriendActions } from './-friend-status'
import { PersonProfile } from '../../ui/people/person-profile'

/** /people/{workid}: a person's profile with Message and the friend and block buttons. */
export const Route = createFileRoute('/_app/people/$workid')({
  loader: async ({ params }) => (await import('../../services/person-profile')).loadPerson(params.workid),
  errorComponent: () => (
    <p role="alert" className="p-6 text-sm text-red-700">
      <Trans>No one with this workid can be reached.</Trans>
    </p>
  ),
  component: PersonPage,
})

const meOf = (state: SessionState) => state?.context.user?._id ?? ''

function PersonPage() {
  const person = Route.useLoaderData()
  const meId = useSession(meOf)
  return (
    <PersonProfile
      key={person._id}
      name={person.name}
      workid={person.workid}
      photoUrl={person.photo_url}
      isSelf={meId === person._id}
      friendsOnly={person.only_friends_message && person.friend_status !== 3}
      actions={<PersonFriendActions key={person._id} input={friendInputOf(person)} />}
    />
  )
}
