import { createFileRoute } from '@tanstack/react-router'
import { Trans } from '@lingui/react/macro'
import { meIdOf } from '../../machines/session'
import { friendInputOf } from '../../services/person-profile'
import { useSession } from '../../services/session'
import { useStartCall } from '../../services/calls'
import { CallButtons } from '../../ui/call-overlay/call-buttons'
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

function PersonPage() {
  const person = Route.useLoaderData()
  const meId = useSession(meIdOf)
  return (
    <PersonProfile
      key={person._id}
      userId={person._id}
      name={person.name}
      workid={person.workid}
      photoUrl={person.photo_url}
      isSelf={meId === person._id}
      friendsOnly={person.only_friends_message && person.friend_status !== 3}
      actions={<PersonFriendActions key={person._id} input={friendInputOf(person)} />}
      calls={<PersonCalls customerId={person._id} name={person.name} photoUrl={person.photo_url} />}
    />
  )
}

/** Voice and video call this person (call/customer; the server says when they take calls only from friends). */
function PersonCalls({ customerId, name, photoUrl }: { customerId: string; name: string; photoUrl: string | null }) {
  const { busy, start } = useStartCall()
  return (
    <CallButtons
      variant="button"
      name={name}
      busy={busy}
      onCall={(isVideo) => start({ customer_id: customerId }, isVideo, { name, photoUrl })}
    />
  )
}
