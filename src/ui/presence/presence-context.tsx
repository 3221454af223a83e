import { createContext, useContext } from 'react'
import type { Presence } from '../../../contract/presence'
import { Avatar, type AvatarProps } from '../avatar'
import { StatusBadge } from './presence-text'

type PresenceHook = (userId: string | null | undefined) => Presence | null

const none: PresenceHook = () => null

/**
 * How the views read a person's presence: the signed-in layout provides the app's `usePresence`
 * (src/services/presence.ts); without it (model tests, pages outside it) nobody has a dot.
 */
export const PresenceHookContext = createContext<PresenceHook>(none)

const usePresenceOf = (userId: string | null | undefined) => useContext(PresenceHookContext)(userId)

/** A person's avatar with their presence dot, when the user may see it. */
export function PresenceAvatar({ userId, ...avatar }: Omit<AvatarProps, 'presence'> & { userId: string }) {
  const presence = usePresenceOf(userId)
  return <Avatar {...avatar} presence={presence ? { state: presence.state, dnd: presence.dnd } : null} />
}

/** A person's custom status beside their name (nothing when none, or past its time). */
export function PersonStatus({ userId, className }: { userId: string; className?: string }) {
  const status = usePresenceOf(userId)?.status ?? null
  return status && (!status.expires_at || Date.parse(status.expires_at) > Date.now()) ? (
    <StatusBadge status={status} className={className} />
  ) : null
}
