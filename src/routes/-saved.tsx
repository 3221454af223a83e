import { useNavigate } from '@tanstack/react-router'
import type { Message } from '../../contract/message'
import type { ComposerProps } from '../machines/composer'
import { useRemindMe, useSavedMarks, useScheduledForm } from '../services/saved'
import { messageWords } from '../ui/saved/saved-page'
import { RemindMeDialog } from '../ui/saved/remind-me-dialog'
import { SavedNote } from '../ui/saved/saved-note'
import { ChatScheduledItem, ScheduleButton, ScheduleDialog, ScheduledNote } from '../ui/saved/schedule-menu'

/**
 * An open chat's saved messages, scheduled send and "Remind me about this message": a message's
 * Save / Remove from saved, the clock beside Send (the draft scheduled; the box empties once it
 * is), and the remind-me quick times (Pick a date and time…: the reminder form about the message).
 */
export function useChatLater(topicId: string, composer: Pick<ComposerProps, 'draft' | 'canSend' | 'onDraft'>) {
  const navigate = useNavigate()
  const marks = useSavedMarks(topicId)
  const form = useScheduledForm((_, mode) => {
    if (mode === 'create') composer.onDraft('', 0)
  })
  const remind = useRemindMe((target) =>
    navigate({
      to: '/calendar/create-reminder',
      search: { topic: target.topicId, message: target.messageId, title: target.title || undefined },
    }),
  )
  return {
    saved: { onToggleSaved: (message: Message) => marks.onToggle(message._id), isSaved: marks.isSaved },
    onRemind: (message: Message) =>
      remind.onOpen({ messageId: message._id, topicId: message.topic_id, title: messageWords(message).slice(0, 200) }),
    chatMenuItems: <ChatScheduledItem topicId={topicId} />,
    besideSend: <ScheduleButton form={form} topicId={topicId} draft={composer.draft} disabled={!composer.canSend} />,
    notes: (
      <>
        <SavedNote {...marks} />
        <ScheduledNote {...form} />
      </>
    ),
    panels: (
      <>
        <ScheduleDialog {...form} />
        <RemindMeDialog {...remind} />
      </>
    ),
  }
}
