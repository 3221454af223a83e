import { lazy, Suspense, useId } from 'react'
import { Dialog, DialogBackdrop, DialogPanel, DialogTitle } from '@headlessui/react'
import { Trans, useLingui } from '@lingui/react/macro'
import type { QuickReactionsProps, ReactionBarProps, ReactionChip, ReactionPickerProps, WhoReactedProps } from '../../machines/reactions'
import { Icon } from '../icons'
import { useLongPress } from './use-long-press'

/** The full picker (emoji data and all) loads when it first opens, never with the chat. */
const ReactionPicker = lazy(() => import('./reaction-picker'))

/** An emoji as text, or a channel's custom emoji as its small image (its shortcode the text alternative). */
export function EmojiGlyph({ emoji, imageUrl, className = 'h-4 w-4' }: { emoji: string; imageUrl: string | null; className?: string }) {
  return imageUrl ? <img src={imageUrl} alt={emoji} className={`inline-block object-contain ${className}`} /> : <span>{emoji}</span>
}

/** "Ann, Bao and 2 others", from the names the summary gives. */
function useWho(chip: ReactionChip): string {
  const { t } = useLingui()
  const others = chip.others
  const named = chip.names.join(', ')
  if (!named) return others === 1 ? t`1 person` : t`${others} people`
  if (!others) return named
  return others === 1 ? t`${named} and 1 other` : t`${named} and ${others} others`
}

function Chip({ chip }: { chip: ReactionChip }) {
  const { t } = useLingui()
  const tipId = useId()
  const press = useLongPress(chip.onShowWho)
  const who = useWho(chip)
  const emoji = chip.emoji
  const count = chip.count
  const label = chip.mine
    ? count === 1
      ? t`${emoji} 1 person reacted, including you`
      : t`${emoji} ${count} people reacted, including you`
    : count === 1
      ? t`${emoji} 1 person reacted`
      : t`${emoji} ${count} people reacted`
  return (
    <span className="group/chip relative inline-flex">
      <button
        type="button"
        {...press}
        aria-label={label}
        aria-pressed={chip.mine}
        aria-describedby={tipId}
        onClick={chip.onToggle}
        className={`inline-flex min-h-8 min-w-11 items-center justify-center gap-1 rounded-full border px-2 text-sm select-none [-webkit-touch-callout:none] focus-visible:outline-2 focus-visible:outline-indigo-600 ${
          chip.mine ? 'border-indigo-500 bg-indigo-50 text-indigo-800' : 'border-slate-200 bg-white text-slate-700 hover:bg-slate-50'
        }`}
      >
        <EmojiGlyph emoji={chip.emoji} imageUrl={chip.imageUrl} />
        <span className="tabular-nums">{count}</span>
      </button>
      <span
        id={tipId}
        role="tooltip"
        className="pointer-events-none absolute bottom-full left-0 z-20 mb-1 hidden w-max max-w-56 rounded bg-slate-900 px-2 py-1 text-xs text-white shadow group-focus-within/chip:block md:group-hover/chip:block"
      >
        <Trans>
          {who} reacted with {emoji}
        </Trans>
      </span>
    </span>
  )
}

/** Under a message: each emoji with its count (mine highlighted; a click toggles mine), and a button for the picker. */
export function ReactionBar({ chips, onAddReaction }: ReactionBarProps) {
  const { t } = useLingui()
  if (chips.length === 0) return null
  return (
    <div role="group" aria-label={t`Reactions`} className="mt-1 flex max-w-full flex-wrap items-center gap-1">
      {chips.map((chip) => (
        <Chip key={chip.emoji} chip={chip} />
      ))}
      <button
        type="button"
        aria-label={t`Add reaction`}
        onClick={onAddReaction}
        className="inline-flex min-h-8 min-w-11 items-center justify-center rounded-full border border-slate-200 bg-white text-slate-500 hover:bg-slate-50 hover:text-slate-800 focus-visible:outline-2 focus-visible:outline-indigo-600"
      >
        <Icon name="smile" className="h-4 w-4" />
        <Icon name="plus" className="h-3 w-3" />
      </button>
    </div>
  )
}

/** The quick reactions of a message's menu (desktop) or sheet (phones), and "More reactions" for the picker. */
export function QuickReactions({ emoji, onMore, onDone, size = 'sm' }: QuickReactionsProps & { onDone?: () => void; size?: 'sm' | 'lg' }) {
  const { t } = useLingui()
  const box = size === 'lg' ? 'h-11 w-11 text-2xl' : 'h-8 w-8 text-lg'
  return (
    <div role="group" aria-label={t`Quick reactions`} className="flex flex-wrap items-center gap-1 px-1 py-1">
      {emoji.map((q) => {
        const e = q.emoji
        return (
          <button
            key={e}
            type="button"
            aria-label={t`React with ${e}`}
            aria-pressed={q.mine}
            onClick={() => {
              q.onReact()
              onDone?.()
            }}
            className={`inline-flex ${box} items-center justify-center rounded-full hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-indigo-600 ${q.mine ? 'bg-indigo-50' : ''}`}
          >
            {e}
          </button>
        )
      })}
      <button
        type="button"
        aria-label={t`More reactions`}
        onClick={() => {
          onDone?.()
          onMore()
        }}
        className={`inline-flex ${box} items-center justify-center rounded-full text-slate-500 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-indigo-600`}
      >
        <Icon name="plus" className="h-5 w-5" />
      </button>
    </div>
  )
}

/** The emoji picker of a message, in a dialog; its code and data load when it first opens. */
export function ReactionPickerDialog(props: ReactionPickerProps) {
  const { t } = useLingui()
  return (
    <Dialog open={props.open} onClose={props.onClose} className="relative z-50">
      <DialogBackdrop className="fixed inset-0 bg-slate-900/40" />
      <div className="fixed inset-0 flex items-end justify-center sm:items-center sm:p-4">
        <DialogPanel className="flex max-h-[85dvh] w-full flex-col rounded-t-2xl bg-white shadow-xl sm:max-w-sm sm:rounded-xl">
          <div className="flex items-center justify-between px-3 pt-3">
            <DialogTitle className="text-sm font-semibold text-slate-900">
              <Trans>Add reaction</Trans>
            </DialogTitle>
            <button
              type="button"
              aria-label={t`Close`}
              onClick={props.onClose}
              className="inline-flex h-9 w-9 items-center justify-center rounded-full text-slate-500 hover:bg-slate-100"
            >
              <Icon name="close" className="h-5 w-5" />
            </button>
          </div>
          <Suspense
            fallback={
              <p role="status" className="p-4 text-sm text-slate-600">
                <Trans>Loading emoji…</Trans>
              </p>
            }
          >
            {props.open ? <ReactionPicker {...props} /> : null}
          </Suspense>
        </DialogPanel>
      </div>
    </Dialog>
  )
}

/** Who reacted with what (a long press on a reaction): a small sheet of names from the server. */
export function WhoReactedSheet({ status, groups, onClose }: WhoReactedProps) {
  const { t } = useLingui()
  if (status === 'closed') return null
  return (
    <Dialog open onClose={onClose} className="relative z-50">
      <DialogBackdrop className="fixed inset-0 bg-slate-900/40" />
      <div className="fixed inset-x-0 bottom-0 flex justify-center">
        <DialogPanel className="max-h-[70dvh] w-full max-w-md overflow-y-auto rounded-t-2xl bg-white p-3 pb-[max(0.75rem,env(safe-area-inset-bottom))] shadow-xl">
          <DialogTitle className="px-1 pb-2 text-sm font-semibold text-slate-900">
            <Trans>Reactions</Trans>
          </DialogTitle>
          {status === 'loading' ? (
            <p role="status" className="px-1 text-sm text-slate-600">
              <Trans>Loading…</Trans>
            </p>
          ) : status === 'failed' ? (
            <p role="alert" className="px-1 text-sm text-red-700">
              <Trans>Could not load who reacted.</Trans>
            </p>
          ) : (
            <ul className="space-y-2">
              {groups.map((g) => (
                <li key={g.emoji} className="flex items-start gap-2 text-sm">
                  <span className="inline-flex min-w-10 items-center gap-1 text-base">
                    <EmojiGlyph emoji={g.emoji} imageUrl={g.imageUrl} className="h-5 w-5" />
                    <span className="text-xs text-slate-500 tabular-nums">{g.count}</span>
                  </span>
                  <span className="text-slate-800">{g.names.join(', ')}</span>
                </li>
              ))}
            </ul>
          )}
          <button
            type="button"
            onClick={onClose}
            aria-label={t`Close`}
            className="mt-3 flex min-h-11 w-full items-center justify-center rounded-lg bg-slate-100 text-base font-medium text-slate-900 hover:bg-slate-200"
          >
            <Trans>Close</Trans>
          </button>
        </DialogPanel>
      </div>
    </Dialog>
  )
}

/** A refused or failed reaction: its message shows the server's reactions again. */
export function ReactionFailedNotice({ onDismiss }: { onDismiss: () => void }) {
  const { t } = useLingui()
  return (
    <div role="alert" className="mx-3 mb-2 flex items-center justify-between gap-2 rounded-md bg-red-50 px-3 py-2 text-sm text-red-800">
      <Trans>Your reaction was not saved.</Trans>
      <button type="button" aria-label={t`Dismiss`} onClick={onDismiss} className="rounded p-1 hover:bg-red-100">
        <Icon name="close" className="h-4 w-4" />
      </button>
    </div>
  )
}
