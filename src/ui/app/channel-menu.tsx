import { useEffect } from 'react'
import { Menu, MenuButton, MenuItem, MenuItems } from '@headlessui/react'
import { Trans } from '@lingui/react/macro'
import type { ChannelSwitcherConnect } from '../../machines/account-channels'
import { MenuChoice, menuItemClass } from '../attention/menu-parts'
import { type MenuOpeningProps, useOpenedOnMount } from '../deferred-menu'
import { Icon } from '../icons'
import { useChannelMenuFace } from './deferred-channel-menu'

export interface ChannelMenuProps extends ChannelSwitcherConnect {
  /** The user's current channel. */
  currentId: string | null
  /** The menu opened or closed: the layout shows the account channels' list while it is open. */
  onOpenChange: (open: boolean) => void
  /** 'rail': the channel's avatar alone below 1024px; 'drawer': always with its name. */
  variant: 'rail' | 'drawer'
}

/** Tells the layout when Headless UI opens or closes the menu. */
function OpenReporter({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  useEffect(() => {
    if (!open) return
    onOpenChange(true)
    return () => onOpenChange(false)
  }, [open, onOpenChange])
  return null
}

/**
 * The sidebar's channel switcher: the current channel's name (its avatar in the narrow rail) opens
 * a menu of the user's channels (choosing one makes it current, as the account drawer's 'Switch'
 * does) and 'Create channel'. The list is the account drawer's (the same accountChannels machine).
 * The sidebar shows it as DeferredChannelMenu, which loads it when first opened.
 */
export function ChannelMenu({ opening, ...props }: ChannelMenuProps & MenuOpeningProps) {
  const { channels, failed, currentId, switching, onSwitch, onRetry, onCreate, onOpenChange } = props
  const face = useChannelMenuFace(props)
  const button = useOpenedOnMount(opening)
  return (
    <Menu>
      {({ open }) => (
        <>
          <OpenReporter open={open} onOpenChange={onOpenChange} />
          <MenuButton ref={button} aria-label={face.label} title={face.title} className={face.className}>
            {face.content}
          </MenuButton>
          <MenuItems
            anchor={{ to: 'bottom start', gap: 4, padding: 8 }}
            className="z-50 w-64 max-w-[calc(100vw-1rem)] rounded-md border border-slate-200 bg-white p-1 shadow-lg focus:outline-none"
          >
            {failed ? (
              <>
                <p role="alert" className="px-3 py-2 text-sm text-slate-600">
                  <Trans>Could not load your channels.</Trans>
                </p>
                <MenuItem>
                  <button type="button" onClick={onRetry} className={menuItemClass}>
                    <Trans>Retry</Trans>
                  </button>
                </MenuItem>
              </>
            ) : channels === null ? (
              <p role="status" className="px-3 py-2 text-sm text-slate-500">
                <Trans>Loading channels…</Trans>
              </p>
            ) : channels.length === 0 ? (
              <p className="px-3 py-2 text-sm text-slate-500">
                <Trans>You are not in any channel yet.</Trans>
              </p>
            ) : (
              channels.map((channel) => (
                <MenuChoice
                  key={channel._id}
                  checked={channel._id === currentId}
                  disabled={switching !== null}
                  onChoose={() => {
                    if (channel._id !== currentId) onSwitch(channel._id)
                  }}
                >
                  <span className="min-w-0 truncate">{channel.name}</span>
                </MenuChoice>
              ))
            )}
            <div className="my-1 border-t border-slate-100" />
            <MenuItem disabled={channels === null}>
              <button type="button" onClick={onCreate} aria-haspopup="dialog" className={`${menuItemClass} font-semibold text-indigo-700`}>
                <Icon name="plus" className="h-4 w-4" />
                <Trans>Create channel</Trans>
              </button>
            </MenuItem>
          </MenuItems>
        </>
      )}
    </Menu>
  )
}
