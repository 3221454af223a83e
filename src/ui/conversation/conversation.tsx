import type { ReactNode } from 'react'
import { Link } from '@tanstack/react-router'
import { Trans, useLingui } from '@lingui/react/macro'
import type { ComposerProps } from '../../machines/composer'
import type { ConversationProps } from '../../machines/conversation'
import type { OutboxProps } from '../../machines/outbox'
import { Composer } from './composer'
import { ConversationHistory, RejectedNotices } from './conversation-history'

export interface ConversationViewProps {
  conversation: ConversationProps
  composer: ComposerProps
  /** The topic's messages in the outbox (those the conversation does not show yet). */
  outbox: OutboxProps
  /** In a 1:1 chat: the partner's friend buttons. */
  headerActions?: ReactNode
  /** The header's notification bell (level and mute). */
  bell?: ReactNode
  /** Above the composer: e.g. the other person is in do not disturb. */
  notice?: ReactNode
}

/** The open chat: header, pinned messages, history, refused messages, the forward picker and the message box. */
export function Conversation({ conversation, composer, outbox, headerActions, bell, notice }: ConversationViewProps) {
  const { t } = useLingui()
  const { pinned, forward } = conversation
  const title = conversation.title ?? t`New Message`
  return (
    <div className="flex h-full min-h-0 flex-col bg-white">
      <header className="flex h-14 shrink-0 items-center gap-2 border-b border-slate-200 px-3">
        <Link to="/chat/default" className="rounded px-2 py-1 text-sm text-slate-600 hover:bg-slate-100 md:hidden">
          <Trans>Back</Trans>
        </Link>
        <h1 className="min-w-0 flex-1 truncate text-base font-semibold text-slate-900">{title}</h1>
        <span className="hidden text-xs text-slate-500 sm:inline">
          <Trans>{conversation.membersCount} members</Trans>
        </span>
        {headerActions ? <div className="hidden sm:block">{headerActions}</div> : null}
        {bell}
        <Link
          to="/chat/info/$topicId"
          params={{ topicId: conversation.topicId }}
          className="rounded px-2 py-1 text-sm text-slate-600 hover:bg-slate-100"
        >
          <Trans>Chat info</Trans>
        </Link>
        <button
          type="button"
          onClick={pinned.onToggle}
          aria-expanded={pinned.shown}
          className="rounded px-2 py-1 text-sm text-slate-600 hover:bg-slate-100"
        >
          <Trans>Pinned messages</Trans>
        </button>
      </header>
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
                  <span className="font-semibold">{m.sender?.name}</span>: {m.message}
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
        actions={{ ...composer.messageActions, ...conversation.messageActions }}
      />
      <RejectedNotices rejected={outbox.rejected} onDismiss={outbox.onDismiss} />
      {forward ? <ForwardPicker {...forward} /> : null}
      {notice}
      <Composer {...composer} />
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
