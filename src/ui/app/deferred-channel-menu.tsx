import { useLingui } from '@lingui/react/macro'
import { initialsOf } from '../../machines/session/session.rules'
import { Avatar } from '../avatar'
import { deferredMenu, type MenuFace } from '../deferred-menu'
import { Icon } from '../icons'
import type { ChannelMenuProps } from './channel-menu'

/** The channel switcher's button: the current channel's name (its avatar alone in the narrow rail), or 'Channels'. */
export function useChannelMenuFace({ known, currentId, variant }: ChannelMenuProps): MenuFace {
  const { t } = useLingui()
  const current = known?.find((channel) => channel._id === currentId) ?? null
  const name = current ? current.name : t`Channels`
  const rail = variant === 'rail'
  return {
    label: current ? t`Channel: ${name}` : name,
    title: rail ? name : undefined,
    className: `flex w-full items-center gap-2 rounded-lg px-2 py-2 text-left text-sm font-semibold text-slate-900 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-indigo-600 ${rail ? 'justify-center lg:justify-start' : ''}`,
    content: (
      <>
        {current ? <Avatar photoUrl={null} initials={initialsOf(current.name)} /> : <Icon name="contacts" />}
        <span className={rail ? 'sr-only min-w-0 flex-1 truncate lg:not-sr-only' : 'min-w-0 flex-1 truncate'}>{name}</span>
        <Icon
          name="chevron-down"
          className={rail ? 'hidden h-4 w-4 shrink-0 text-slate-500 lg:block' : 'h-4 w-4 shrink-0 text-slate-500'}
        />
      </>
    ),
  }
}

/** The sidebar's channel menu (channel-menu.tsx), loaded with Headless UI when first opened. */
export const DeferredChannelMenu = deferredMenu<ChannelMenuProps>(
  () => import('./channel-menu').then((m) => m.ChannelMenu),
  useChannelMenuFace,
)
