import type { ReactNode } from 'react'
import { Trans, useLingui } from '@lingui/react/macro'
import type { Message } from '../../../contract/message'
import type { ComposerProps } from '../../machines/composer'
import type { ConversationProps } from '../../machines/conversation'
import type { OutboxProps } from '../../machines/outbox'
import { type ChatPerson, ChatHeader } from './chat-header'
import { Composer } from './composer'
import type { ReceiptsView } from '../../machines/receipts'
import { ConversationHistory, RejectedNotices } from './conversation-history'
import { type MessageActions, MessageActionsSheet } from './message-actions'
import { EditHistoryDialog } from './edit-history-dialog'
import type { EditHistoryProps } from '../../machines/edit-history'
import { QuotedText } from '../calendar/reminder-card'

export interface ConversationViewProps {
  conversation: ConversationProps
  composer: ComposerProps
  /** The topic's messages in the outbox (those the conversation does not show yet). */
  outbox: OutboxProps
  /** In a 1:1 chat: the other person (the header links to their profile). */
  person?: ChatPerson | null
  /** The header's notification bell (level and mute). */
  bell?: ReactNode
  /** The header's call buttons. */
  calls?: ReactNode
  /** The calls as "Chat options" items on phones. */
  callItems?: ReactNode
  /** Above the composer: e.g. the other person is in do not disturb. */
  notice?: ReactNode
  /** False inside a call's room: the panel is titled already, and the header's links would leave the call. */
  header?: boolean
  /** The live card of a poll (a message of type 'vote'); without it a poll shows as its question. */
  poll?: (message: Message) => ReactNode
  /** Read receipts: who has seen up to where (none: the chat shows none). */
  readers?: ReceiptsView | null
  /** More entries beside the composer's attachments (Create a poll). */
  composerTools?: ReactNode
  /** More "Chat options" entries (To-dos). */
  chatMenuItems?: ReactNode
  /** What those entries open over the chat (the chat's to-dos). */
  panels?: ReactNode
  /** A message's "Make a to-do" (where the chat offers to-dos). */
  onMakeTodo?: (message: Message) => void
  /** A message's "Remind me about this". */
  onRemind?: (message: Message) => void
  /** Saved messages: a message's "Save" or "Remove from saved". */
  saved?: Pick<MessageActions, 'onToggleSaved' | 'isSaved'>
  /** Beside Send: Schedule message. */
  besideSend?: ReactNode
  /** Reactions: a message's reaction bar, and the quick reactions of its menu and sheet. */
  reactions?: (message: Message) => ReactNode
  quickReactions?: MessageActions['quickReactions']
  /** Edit history: the dialog a message's "(edited)" opens. */
  editHistory?: EditHistoryProps
  /** Permalinks: a message's "Copy link". */
  onCopyLink?: (message: Message) => void
  /** Threads: a message's "Reply in thread" and its thread summary open its thread. */
  onReplyInThread?: (message: Message) => void
}

/** The open chat: header, pinned messages, history, refused messages, the forward picker, a message's actions sheet and the message box. */
export function Conversation({
  conversation,
  composer,
  outbox,
  person = null,
  bell,
  calls,
  callItems,
  notice,
  header = true,
  poll,
  readers = null,
  composerTools,
  chatMenuItems,
  panels,
  onMakeTodo,
  onRemind,
  saved,
  besideSend,
  reactions,
  quickReactions,
  editHistory,
  onCopyLink,
  onReplyInThread,
}: ConversationViewProps) {
  const { t } = useLingui()
  const { pinned, forward, sheet } = conversation
  const title = conversation.title ?? t`New Message`
  const actions = {
    ...composer.messageActions,
    ...conversation.messageActions,
    onMakeTodo,
    onRemind,
    ...saved,
    reactions,
    quickReactions,
    onCopyLink,
    onHistory: editHistory?.onOpen,
    onReplyInThread,
  }
  return (
    <div className="flex h-full min-h-0 flex-col bg-white">
      {header ? (
        <ChatHeader
          topicId={conversation.topicId}
          title={title}
          isGroup={conversation.isGroup}
          membersCount={conversation.membersCount}
          person={person}
          bell={bell}
          calls={calls}
          callItems={callItems}
          pinnedShown={pinned.shown}
          onTogglePinned={pinned.onToggle}
          menuItems={chatMenuItems}
        />
      ) : null}
      {pinned.shown ? (
        <section
          aria-label={t`Pinned messages`}
          className="max-h-48 shrink-0 overflow-y-auto border-b border-amber-200 bg-amber-50 px-4 py-2 text-sm"
        >
          {pinned.messages.length === 0 ? (
            <p className="text-slate-600">
              <Trans>No pinned messages</Trans>
            </p>
          ) : (
            <ul className="space-y-1">
              {pinned.messages.map((m) => (
                <li key={m._id}>
                  <span className="font-semibold">{m.sender?.name}</span>: <QuotedText text={m.message} />
                </li>
              ))}
            </ul>
          )}
        </section>
      ) : null}
      <ConversationHistory
        history={conversation.history}
        typists={conversation.typists}
        pending={outbox.pending}
        meId={conversation.meId}
        may={conversation.may}
        actions={actions}
        onOpenSheet={sheet.onOpen}
        poll={poll}
        readers={readers}
      />
      <RejectedNotices rejected={outbox.rejected} onDismiss={outbox.onDismiss} />
      {forward ? <ForwardPicker {...forward} /> : null}
      {notice}
      <Composer {...composer} tools={composerTools} besideSend={besideSend} />
      {sheet.message ? (
        <MessageActionsSheet
          message={sheet.message}
          mine={sheet.message.sender?._id === conversation.meId}
          may={conversation.may}
          actions={actions}
          onClose={sheet.onClose}
        />
      ) : null}
      {panels}
      {editHistory ? <EditHistoryDialog {...editHistory} /> : null}
    </div>
  )
}

/** Forward a message to one of the user's other chats. */
function ForwardPicker({ targets, onForwardTo, onCancel }: NonNullable<ConversationProps['forward']>) {
  const { t } = useLingui()
  return (
    <section aria-label={t`Forward to`} className="mx-3 mb-2 rounded-md border border-slate-200 bg-white p-2 shadow">
      <div className="mb-1 flex items-center justify-between text-xs font-semibold text-slate-700">
        <Trans>Forward to</Trans>
        <button type="button" onClick={onCancel} className="text-slate-500 hover:underline">
          <Trans>Cancel</Trans>
        </button>
      </div>
      {targets === null ? (
        <p role="status" className="text-xs text-slate-500">
          <Trans>Loading chats…</Trans>
        </p>
      ) : (
        <ul className="max-h-40 overflow-y-auto">
          {targets.map((target) => (
            <li key={target._id}>
              <button
                type="button"
                onClick={() => onForwardTo(target._id)}
                className="w-full rounded px-2 py-1 text-left text-sm hover:bg-indigo-50"
              >
                {target.name || t`New Message`}
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}
