import { useEffect, useMemo, useRef } from 'react'
import { useNavigate } from '@tanstack/react-router'
import { useActorRef, useSelector } from '@xstate/react'
import { fromPromise } from 'xstate'
import { type CallOpenResult, connect, type CreateMeetingInput, type MeetingDetail, meetingFormMachine } from '../machines/meeting-form'
import { createMeeting, meetingByCode } from './api/meeting'

/** The meeting-now dialog's machine with its calls: call-open/create and call-open/detail/{code}. */
export const appMeetingFormMachine = meetingFormMachine.provide({
  actors: {
    createMeeting: fromPromise<CallOpenResult, CreateMeetingInput>(({ input }) => createMeeting(input)),
    findMeeting: fromPromise<MeetingDetail, { code: string }>(({ input }) => meetingByCode(input.code)),
  },
})

/**
 * One meeting-now dialog (mounted while it shows; `name`: the signed-in user's, to start with): its
 * props and handlers. A meeting started or found opens its page; `onClosed` runs when the dialog goes.
 */
export function useMeetingForm(name: string, onClosed: () => void) {
  const navigate = useNavigate()
  const go = useRef(navigate)
  go.current = navigate
  const machine = useMemo(
    () => appMeetingFormMachine.provide({ actions: { openMeeting: (_, params) => void go.current({ href: params.href }) } }),
    [],
  )
  const actor = useActorRef(machine, { input: { name } })
  const snapshot = useSelector(actor, (s) => s)
  const props = useMemo(() => connect(snapshot, actor.send), [snapshot, actor])
  useEffect(() => {
    if (!props.open) onClosed()
  }, [props.open, onClosed])
  return props
}
