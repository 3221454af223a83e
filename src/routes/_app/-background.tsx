import { lazy } from 'react'
import type { User } from '../../../contract/user'
import type { CreateChannelModalConnect } from '../../machines/account-channels'
import type { OutgoingCallInput } from '../../machines/outgoing-call'
import { useIncomingCall, useOutgoingCall, useStartedCalls } from '../../services/calls'
import { useChannelForm } from '../../services/channel-form'
import { useOnboarding } from '../../services/onboarding'
import { useOutbox } from '../../services/outbox'
import { IncomingCallOverlay } from '../../ui/incoming-call/incoming-call-overlay'
import { OutgoingCallOverlay } from '../../ui/outgoing-call/outgoing-call-overlay'
import { WhenOpened } from '../../ui/when-opened'

/*
 * What the sidebar layout (_app.tsx) runs that shows nothing on the first page: loaded once that
 * page is painted (or, for the create-channel modal, when it is asked for).
 */

const OnboardingModal = lazy(() => import('../../ui/onboarding/onboarding-modal').then((m) => ({ default: m.OnboardingModal })))
const CreateChannelDialog = lazy(() =>
  import('../../ui/channel-form/create-channel-dialog').then((m) => ({ default: m.CreateChannelDialog })),
)

/** The user's outbox, on every page of the app (what waits from an earlier visit goes out). */
export function OutboxRuntime({ user }: { user: User }) {
  useOutbox(user._id)
  return null
}

/** The calls' overlays: the incoming call (one machine for the login) and each call the user started. */
export function Calls({ user }: { user: User }) {
  const incoming = useIncomingCall(user.account.sounds)
  const started = useStartedCalls()
  return (
    <>
      <IncomingCallOverlay {...incoming} />
      {started.map((call) => (
        <OutgoingCall key={call.key} callKey={call.key} input={call.input} />
      ))}
    </>
  )
}

function OutgoingCall({ callKey, input }: { callKey: string; input: OutgoingCallInput }) {
  return <OutgoingCallOverlay {...useOutgoingCall(callKey, input)} />
}

/** The first-login tutorial: one per user. */
export function Onboarding({ user }: { user: User }) {
  const onboarding = useOnboarding(user)
  return (
    <WhenOpened open={onboarding.open}>
      <OnboardingModal {...onboarding} />
    </WhenOpened>
  )
}

/** The create-channel modal, mounted while the account channels show it. */
export function CreateChannel({ user, administeredChannels, onCreated, onClosed }: { user: User } & CreateChannelModalConnect) {
  const form = useChannelForm({ input: { plan: user.package, administeredChannels }, onCreated, onClosed })
  return (
    <WhenOpened open={form.open}>
      <CreateChannelDialog {...form} />
    </WhenOpened>
  )
}
