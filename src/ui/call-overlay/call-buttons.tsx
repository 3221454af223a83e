import { useId } from 'react'
import { MenuItem } from '@headlessui/react'
import { Trans, useLingui } from '@lingui/react/macro'
import { buttonClass } from '../button'
import { Icon } from '../icons'

export interface CallButtonsProps {
  /** Whom the call rings, for the buttons' names ("Voice call Lan"). */
  name: string
  /** A call is being started or rings: the buttons wait. */
  busy: boolean
  /** Only admins start calls in this group and the user is not one: the buttons say why instead of calling. */
  adminOnly?: boolean
  /** 'icon': the chat header's round buttons; 'menu': the same two as items of the header's "Chat options" menu (phones); 'button': labelled buttons (contact card, profile). */
  variant: 'icon' | 'menu' | 'button'
  onCall: (isVideo: boolean) => void
}

const iconButton =
  'inline-flex h-10 w-10 shrink-0 items-center justify-center rounded-full text-slate-600 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-indigo-600 aria-disabled:cursor-not-allowed aria-disabled:opacity-50 aria-disabled:hover:bg-transparent'

/**
 * Voice call and Video call. Where only admins may start calls they stay focusable but disabled
 * (aria-disabled), described by the reason, which also shows as their tooltip.
 */
export function CallButtons({ name, busy, adminOnly = false, variant, onCall }: CallButtonsProps) {
  const { t } = useLingui()
  const reasonId = useId()
  const reason = t`Only admins can start calls in this group.`
  const disabled = busy || adminOnly
  const common = (isVideo: boolean) => ({
    type: 'button' as const,
    'aria-label': isVideo ? t`Video call ${name}` : t`Voice call ${name}`,
    'aria-disabled': disabled || undefined,
    'aria-describedby': adminOnly ? reasonId : undefined,
    title: adminOnly ? reason : undefined,
    onClick: () => {
      if (!disabled) onCall(isVideo)
    },
  })
  // Why the buttons are disabled, read out with them.
  const reasonNote = adminOnly ? (
    <span id={reasonId} className="sr-only">
      {reason}
    </span>
  ) : null
  if (variant === 'menu')
    return (
      <>
        {[false, true].map((isVideo) => (
          <MenuItem key={String(isVideo)} disabled={disabled}>
            <button
              {...common(isVideo)}
              className="flex w-full items-center gap-2 rounded px-2 py-2 text-left text-slate-800 data-[disabled]:opacity-50 data-[focus]:bg-slate-100"
            >
              <Icon name={isVideo ? 'video' : 'phone'} className="h-4 w-4 shrink-0" />
              {isVideo ? <Trans>Video call</Trans> : <Trans>Voice call</Trans>}
            </button>
          </MenuItem>
        ))}
        {reasonNote}
      </>
    )
  return (
    <>
      {variant === 'icon' ? (
        <>
          <button {...common(false)} className={iconButton}>
            <Icon name="phone" />
          </button>
          <button {...common(true)} className={iconButton}>
            <Icon name="video" />
          </button>
        </>
      ) : (
        <>
          <button {...common(false)} className={buttonClass('secondary', 'sm', 'gap-1.5 aria-disabled:opacity-50')}>
            <Icon name="phone" className="h-4 w-4" />
            <Trans>Call</Trans>
          </button>
          <button {...common(true)} className={buttonClass('secondary', 'sm', 'gap-1.5 aria-disabled:opacity-50')}>
            <Icon name="video" className="h-4 w-4" />
            <Trans>Video</Trans>
          </button>
        </>
      )}
      {reasonNote}
    </>
  )
}
