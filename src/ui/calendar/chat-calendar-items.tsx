import { MenuItem } from '@headlessui/react'
import { Link } from '@tanstack/react-router'
import { Trans } from '@lingui/react/macro'
import { Icon } from '../icons'

const itemClass = 'flex w-full items-center gap-2 rounded px-2 py-2 text-left text-slate-800 data-[focus]:bg-slate-100'

/** A chat's "Reminders" (its calendar) and "New reminder" entries of its "Chat options" menu. */
export function ChatCalendarItems({ topicId }: { topicId: string }) {
  return (
    <>
      <MenuItem>
        <Link to="/calendar" search={{ topic: topicId }} className={itemClass}>
          <Icon name="calendar" className="h-4 w-4 shrink-0" />
          <Trans>Reminders</Trans>
        </Link>
      </MenuItem>
      <MenuItem>
        <Link to="/calendar/create-reminder" search={{ topic: topicId }} className={itemClass}>
          <Icon name="bell" className="h-4 w-4 shrink-0" />
          <Trans>New reminder</Trans>
        </Link>
      </MenuItem>
    </>
  )
}
