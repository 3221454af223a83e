import { useEffect, useMemo, useRef } from 'react'
import { useActorRef, useSelector } from '@xstate/react'
import { fromPromise } from 'xstate'
import { remindPresetAt } from '../../contract/later-times'
import type { ScheduledMessage } from '../../contract/scheduled'
import { withPages } from '../machines/paged-list'
import {
  remindMeMachine,
  connect as connectRemindMe,
  type CreatedReminder,
  type CreateReminderInput,
  type RemindTarget,
} from '../machines/remind-me'
import { savedListMachine, connect as connectSavedList } from '../machines/saved-list'
import { savedMarksMachine, connect as connectSavedMarks, type ToggleSavedInput } from '../machines/saved-marks'
import {
  scheduledFormMachine,
  connect as connectScheduledForm,
  type SavedScheduled,
  type SaveScheduledInput,
} from '../machines/scheduled-form'
import { scheduledListMachine, connect as connectScheduledList, type ScheduledActionInput } from '../machines/scheduled-list'
import { createCalendarEvent } from './api/calendar'
import { saveMessage, savedInTopic, savedMessages, unsaveMessage } from './api/saved'
import { cancelScheduled, createScheduled, scheduledMessages, sendScheduledNow, updateScheduled } from './api/scheduled'
import { failingWithMessage } from './failure'
import { onSocketEvent } from './socket'
import { browserTimeZone } from './time-zones'

/** /chat/saved: GET saved/list (each item keyed by its message), POST saved/remove. */
export function useSavedList() {
  const actor = useActorRef(
    savedListMachine.provide({
      actors: {
        list: withPages(async ({ page }) =>
          (await failingWithMessage(savedMessages(page))).map((item) => ({ ...item, _id: item.message_id })),
        ),
        removeSaved: fromPromise<unknown, { messageId: string }>(({ input }) => failingWithMessage(unsaveMessage(input.messageId))),
      },
    }),
  )
  const snapshot = useSelector(actor, (s) => s)
  return useMemo(() => connectSavedList(snapshot, actor.send), [snapshot, actor])
}

/** An open chat's saved marks: GET saved/in-topic, POST saved/add or saved/remove. */
export function useSavedMarks(topicId: string) {
  const actor = useActorRef(
    savedMarksMachine.provide({
      actors: {
        loadMarks: fromPromise<string[], { topicId: string }>(({ input }) => savedInTopic(input.topicId)),
        toggleSaved: fromPromise<unknown, ToggleSavedInput>(({ input }) =>
          failingWithMessage(input.save ? saveMessage(input.messageId) : unsaveMessage(input.messageId)),
        ),
      },
    }),
    { input: { topicId } },
  )
  const snapshot = useSelector(actor, (s) => s)
  return useMemo(() => connectSavedMarks(snapshot, actor.send), [snapshot, actor])
}

/**
 * "Remind me about this message": a preset makes a personal reminder about it in one request
 * (POST calendar/create at the preset's time in the browser's zone); "Pick a date and time…" is `openCustom`.
 */
export function useRemindMe(openCustom: (target: RemindTarget) => void) {
  const custom = useRef(openCustom)
  custom.current = openCustom
  const actor = useActorRef(
    remindMeMachine.provide({
      actors: {
        createReminder: fromPromise<CreatedReminder, CreateReminderInput>(async ({ input }) => {
          const zone = browserTimeZone()
          const start = remindPresetAt(input.preset, new Date(), zone)
          const event = await failingWithMessage(
            createCalendarEvent({
              client_id: crypto.randomUUID(),
              kind: 'reminder',
              title: input.target.title,
              message_id: input.target.messageId,
              start: start.toISOString(),
              time_zone: zone,
            }),
          )
          return { _id: event._id, start: event.start }
        }),
      },
      actions: { openCustom: (_, { target }) => custom.current(target) },
    }),
  )
  const snapshot = useSelector(actor, (s) => s)
  return useMemo(() => connectRemindMe(snapshot, actor.send), [snapshot, actor])
}

/** The schedule menu and form: POST scheduled/create or PUT scheduled/update, in the browser's zone; `onSaved` hears what was saved. */
export function useScheduledForm(onSaved: (scheduled: SavedScheduled, mode: 'create' | 'edit') => void) {
  const saved = useRef(onSaved)
  saved.current = onSaved
  const actor = useActorRef(
    scheduledFormMachine.provide({
      actors: {
        saveScheduled: fromPromise<SavedScheduled, SaveScheduledInput>(({ input }) =>
          failingWithMessage(
            input.mode === 'edit'
              ? updateScheduled({ scheduled_id: input.scheduledId!, message: input.text, send_at: input.sendAt })
              : createScheduled({ client_id: crypto.randomUUID(), topic_id: input.topicId, message: input.text, send_at: input.sendAt }),
          ),
        ),
      },
      actions: { saved: (_, { scheduled, mode }) => saved.current(scheduled, mode) },
    }),
    { input: { timeZone: browserTimeZone(), now: () => Date.now() } },
  )
  const snapshot = useSelector(actor, (s) => s)
  return useMemo(() => connectScheduledForm(snapshot, actor.send), [snapshot, actor])
}

/**
 * A Scheduled list (one chat's, or every chat's with null): GET scheduled/list, POST
 * scheduled/send-now and scheduled/cancel, fed by the socket's SCHEDULED_CHANGED; `changed` feeds
 * it an edit saved beside it.
 */
export function useScheduledList(topicId: string | null) {
  const actor = useActorRef(
    scheduledListMachine.provide({
      actors: {
        list: withPages(({ page }) => failingWithMessage(scheduledMessages(page, topicId))),
        actOn: fromPromise<ScheduledMessage, ScheduledActionInput>(({ input }) =>
          failingWithMessage(input.action === 'sendNow' ? sendScheduledNow(input.id) : cancelScheduled(input.id)),
        ),
      },
    }),
    { input: { topicId } },
  )
  useEffect(() => {
    return onSocketEvent('SCHEDULED_CHANGED', ({ scheduled }) => actor.send({ type: 'CHANGED', scheduled }))
  }, [actor])
  const snapshot = useSelector(actor, (s) => s)
  const props = useMemo(() => connectScheduledList(snapshot, actor.send), [snapshot, actor])
  return { ...props, changed: (scheduled: ScheduledMessage) => actor.send({ type: 'CHANGED', scheduled }) }
}
