import { useEffect, useMemo, useRef } from 'react'
import { useActorRef, useSelector } from '@xstate/react'
import { channelFormView, type ChannelFormInput, type CreatedChannel } from '../../machines/channel-form'
import { appChannelFormMachine } from '../../services/channel-form'
import { channelFormHandlers, CreateChannelDialog } from '../channel-form/create-channel-dialog'

/** The create-channel modal running its machine; `onClosed` when it is created or cancelled. */
export function CreateChannel({ input, onCreated, onClosed }: { input: ChannelFormInput; onCreated: (channel: CreatedChannel) => void; onClosed: () => void }) {
  const created = useRef(onCreated)
  created.current = onCreated
  const machine = useMemo(() => appChannelFormMachine.provide({ actions: { channelCreated: (_, params) => created.current(params.channel) } }), [])
  const actor = useActorRef(machine, { input })
  const view = useSelector(actor, channelFormView)
  useEffect(() => {
    if (!view.open) onClosed()
  }, [view.open, onClosed])
  return (
    <CreateChannelDialog
      {...view}
      {...channelFormHandlers(actor.send)}
    />
  )
}
