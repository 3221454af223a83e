import type { ReactNode } from 'react'
import { Trans } from '@lingui/react/macro'
import type { SupportChatProps } from '../../machines/support-chat'
import { LoadFailed } from '../load-failed'
import { Drawer } from './drawer'

/**
 * The support drawer is 356 px wide (spec section 9): the user's chat with the support desk, a
 * real chat (the conversation view, given as `chat` while open).
 */
export function SupportDrawer({
  open,
  status,
  error,
  onClose,
  onRetry,
  chat,
}: Pick<SupportChatProps, 'open' | 'status' | 'error' | 'onClose' | 'onRetry'> & { chat: ReactNode }) {
  return (
    <Drawer open={open} onClose={onClose} title={<Trans>Support chat</Trans>} widthClass="sm:w-[356px]">
      {status === 'opening' ? (
        <p role="status" className="p-4 text-sm text-slate-500">
          <Trans>Opening the support chat…</Trans>
        </p>
      ) : status === 'failed' ? (
        <LoadFailed onRetry={onRetry} className="p-4">
          <span>
            <Trans>Could not open the support chat.</Trans> {error}
          </span>
        </LoadFailed>
      ) : status === 'open' ? (
        <div className="h-full min-h-0">{chat}</div>
      ) : null}
    </Drawer>
  )
}
