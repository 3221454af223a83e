import { Trans } from '@lingui/react/macro'
import { COMPANY } from '../marketing/company'
import { EmptyState } from '../empty-state'
import { Icon } from '../icons'
import { Drawer } from './drawer'

/** The support drawer is 356 px wide (docs/product-rules.md, layout). */
export function SupportDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  const email = COMPANY.supportEmail
  return (
    <Drawer open={open} onClose={onClose} title={<Trans>Support chat</Trans>} widthClass="sm:w-[356px]">
      <EmptyState
        icon={<Icon name="support" className="h-16 w-16" />}
        title={<Trans>Support chat is not available yet</Trans>}
        description={
          <Trans>
            Live chat with our team arrives with the chat feature. Until then, write to{' '}
            <a href={`mailto:${email}`} className="font-medium text-indigo-600 underline">
              {email}
            </a>{' '}
            and we will answer by email.
          </Trans>
        }
      />
    </Drawer>
  )
}
