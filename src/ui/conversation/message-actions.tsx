import type { ReactNode } from 'react'
import { Dialog, DialogBackdrop, DialogPanel, DialogTitle, Menu, MenuButton, MenuItem, MenuItems } from '@headlessui/react'
import { Trans, useLingui } from '@lingui/react/macro'
import type { Message } from '../../../contract/message'
import type { MessagePermissions } from '../../machines/conversation'
import type { QuickReactionsProps } from '../../machines/reactions'
import { QuickReactions } from './reaction-bar'
import { QuotedText } from '../calendar/reminder-card'
import { Icon, type IconName } from '../icons'

export interface MessageActions {
  onReply: (message: Message) => void
  onEdit: (message: Message) => void
  onDelete: (message: Message) => void
  onPin: (message: Message) => void
  onForward: (message: Message) => void
  /** Opens a new to-do holding the message's words (where the chat offers to-dos). */
  onMakeTodo?: (message: Message) => void
  /** Opens a new reminder about the message ("Remind me about this"). */
  onRemind?: (message: Message) => void
  /** Opens the message's thread (a reply also sent to the chat: its root's), beside the chat or as its page. */
  onReplyInThread?: (message: Message) => void
  /** Reactions: the quick reactions of the message's menu and sheet, and the way to the picker. */
  quickReactions?: (message: Message) => QuickReactionsProps
  /** Reactions: the message's reaction bar, under it. */
  reactions?: (message: Message) => ReactNode
  /** Permalinks: copies the message's link (the chat opened on it) to the clipboard. */
  onCopyLink?: (message: Message) => void
  /** Edit history: "(edited)" opens the message's earlier texts. */
  onHistory?: (message: Message) => void
  /** Link previews: the sender removes their message's preview. */
  onRemovePreview?: (message: Message) => void
  /** Saved messages: saves the message, or takes it out of the saved ones (isSaved says which). */
  onToggleSaved?: (message: Message) => void
  isSaved?: (messageId: string) => boolean
}

interface ActionItem {
  key: string
  icon: IconName
  label: string
  run: () => void
}

/** What the reader may do to a message: reply and forward always; edit their own; delete and pin as `may` allows. */
function useActionItems(message: Message, mine: boolean, may: MessagePermissions, actions: MessageActions): ActionItem[] {
  const { t } = useLingui()
  const items: (ActionItem | false)[] = [
    { key: 'reply', icon: 'reply', label: t`Reply`, run: () => actions.onReply(message) },
    actions.onReplyInThread !== undefined &&
      !message.is_deleted && { key: 'thread', icon: 'chat', label: t`Reply in thread`, run: () => actions.onReplyInThread?.(message) },
    // A poll's question is not edited as a text, nor a reminder's message (the calendar made it).
    mine &&
      message.type !== 'vote' &&
      message.type !== 'reminder' && { key: 'edit', icon: 'edit', label: t`Edit`, run: () => actions.onEdit(message) },
    may.pin && { key: 'pin', icon: 'pin', label: message.is_pin ? t`Unpin` : t`Pin`, run: () => actions.onPin(message) },
    // A poll is not forwarded (the server refuses it): it lives in its own chat; a reminder's message belongs to its reminder.
    message.type !== 'vote' &&
      message.type !== 'reminder' && { key: 'forward', icon: 'forward', label: t`Forward`, run: () => actions.onForward(message) },
    actions.onCopyLink !== undefined &&
      !message.is_deleted && { key: 'link', icon: 'copy', label: t`Copy link`, run: () => actions.onCopyLink?.(message) },
    actions.onMakeTodo !== undefined &&
      (message.type === 'text' || message.type === 'html') &&
      !message.is_deleted &&
      message.message.trim() !== '' && {
        key: 'todo',
        icon: 'todo',
        label: t`Make a to-do`,
        run: () => actions.onMakeTodo?.(message),
      },
    actions.onRemind !== undefined &&
      !message.is_deleted &&
      (['text', 'html', 'image', 'file'] as string[]).includes(message.type) && {
        key: 'remind',
        icon: 'bell',
        label: t`Remind me about this`,
        run: () => actions.onRemind?.(message),
      },
    actions.onToggleSaved !== undefined &&
      !message.is_deleted && {
        key: 'save',
        icon: 'bookmark',
        label: actions.isSaved?.(message._id) ? t`Remove from saved` : t`Save`,
        run: () => actions.onToggleSaved?.(message),
      },
    may.delete(message) && { key: 'delete', icon: 'trash', label: t`Delete`, run: () => actions.onDelete(message) },
  ]
  return items.filter((item): item is ActionItem => item !== false)
}

/** The accessible name of a message's "more" button. */
function useActionsLabel(message: Message) {
  const { t } = useLingui()
  const name = message.sender?.name ?? t`System`
  return t`Actions for message from ${name}`
}

const moreButtonClass =
  'inline-flex h-8 w-8 shrink-0 items-center justify-center rounded-full text-slate-500 hover:bg-slate-200 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-indigo-600'

/**
 * A message's "more" button. Below 768 px it opens the actions sheet (the conversation's, shared
 * with the long press); from 768 px it is a menu of the actions with icons, shown on hover or focus.
 */
export function MessageMoreButton({
  message,
  mine,
  may,
  actions,
  onOpenSheet,
}: {
  message: Message
  mine: boolean
  may: MessagePermissions
  actions: MessageActions
  onOpenSheet: () => void
}) {
  const label = useActionsLabel(message)
  const items = useActionItems(message, mine, may, actions)
  const quick = actions.quickReactions?.(message)
  return (
    <>
      <button type="button" aria-label={label} onClick={onOpenSheet} className={`${moreButtonClass} md:hidden`}>
        <Icon name="more" className="h-5 w-5" />
      </button>
      <Menu
        as="div"
        className="hidden md:block md:opacity-0 md:group-focus-within:opacity-100 md:group-hover:opacity-100 md:data-[open]:opacity-100"
      >
        <MenuButton aria-label={label} className={moreButtonClass}>
          <Icon name="more" className="h-5 w-5" />
        </MenuButton>
        <MenuItems
          anchor={mine ? 'bottom end' : 'bottom start'}
          className="z-30 min-w-40 rounded-md border border-slate-200 bg-white p-1 text-sm shadow-lg [--anchor-gap:4px] focus:outline-none"
        >
          {quick ? <QuickReactionMenuItems {...quick} /> : null}
          {items.map((item) => (
            <MenuItem key={item.key}>
              <button
                type="button"
                onClick={item.run}
                className={`flex w-full items-center gap-2 rounded px-2 py-1.5 text-left data-[focus]:bg-slate-100 ${item.key === 'delete' ? 'text-red-700' : 'text-slate-800'}`}
              >
                <Icon name={item.icon} className="h-4 w-4 shrink-0" />
                {item.label}
              </button>
            </MenuItem>
          ))}
        </MenuItems>
      </Menu>
    </>
  )
}

/** The quick reactions as the desktop menu's first row: each its own menu item (arrow keys reach them). */
function QuickReactionMenuItems({ emoji, onMore }: QuickReactionsProps) {
  const { t } = useLingui()
  return (
    <div role="group" aria-label={t`Quick reactions`} className="flex items-center gap-0.5 border-b border-slate-100 pb-1">
      {emoji.map((q) => {
        const e = q.emoji
        return (
          <MenuItem key={e}>
            <button
              type="button"
              aria-label={t`React with ${e}`}
              onClick={q.onReact}
              className={`inline-flex h-8 w-8 items-center justify-center rounded text-lg data-[focus]:bg-slate-100 ${q.mine ? 'bg-indigo-50' : ''}`}
            >
              {e}
            </button>
          </MenuItem>
        )
      })}
      <MenuItem>
        <button
          type="button"
          aria-label={t`More reactions`}
          onClick={onMore}
          className="inline-flex h-8 w-8 items-center justify-center rounded text-slate-500 data-[focus]:bg-slate-100"
        >
          <Icon name="plus" className="h-4 w-4" />
        </button>
      </MenuItem>
    </div>
  )
}

/** On a phone: a message's actions as a sheet from the bottom of the screen (its "more" button or a long press). */
export function MessageActionsSheet({
  message,
  mine,
  may,
  actions,
  onClose,
}: {
  message: Message
  mine: boolean
  may: MessagePermissions
  actions: MessageActions
  onClose: () => void
}) {
  const { t } = useLingui()
  const items = useActionItems(message, mine, may, actions)
  const name = message.sender?.name ?? t`System`
  return (
    <Dialog open onClose={onClose} className="relative z-50">
      <DialogBackdrop className="fixed inset-0 bg-slate-900/40" />
      <div className="fixed inset-x-0 bottom-0 flex justify-center">
        <DialogPanel className="w-full max-w-md rounded-t-2xl bg-white p-2 pb-[max(0.5rem,env(safe-area-inset-bottom))] shadow-xl">
          <DialogTitle className="px-3 pb-1 pt-2 text-sm font-semibold text-slate-900">
            <Trans>Message from {name}</Trans>
          </DialogTitle>
          {message.message && message.type !== 'html' ? (
            <p className="line-clamp-2 px-3 pb-2 text-sm text-slate-600">
              <QuotedText text={message.message} />
            </p>
          ) : null}
          {actions.quickReactions ? (
            <div className="border-t border-slate-100 px-2">
              <QuickReactions {...actions.quickReactions(message)} onDone={onClose} size="lg" />
            </div>
          ) : null}
          <ul className="border-t border-slate-100 pt-1">
            {items.map((item) => (
              <li key={item.key}>
                <button
                  type="button"
                  onClick={() => {
                    onClose()
                    item.run()
                  }}
                  className={`flex min-h-12 w-full items-center gap-3 rounded-lg px-3 text-left text-base hover:bg-slate-100 ${item.key === 'delete' ? 'text-red-700' : 'text-slate-900'}`}
                >
                  <Icon name={item.icon} className="h-5 w-5 shrink-0" />
                  {item.label}
                </button>
              </li>
            ))}
          </ul>
          <button
            type="button"
            onClick={onClose}
            className="mt-1 flex min-h-12 w-full items-center justify-center rounded-lg bg-slate-100 text-base font-medium text-slate-900 hover:bg-slate-200"
          >
            <Trans>Cancel</Trans>
          </button>
        </DialogPanel>
      </div>
    </Dialog>
  )
}
