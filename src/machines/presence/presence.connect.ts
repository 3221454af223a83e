import type { Presence } from '../../../contract/presence'
import type { PresenceSnapshot } from './presence.machine'

/** Pure: the presence machine's snapshot -> a person's presence as the views show it (null until read). */
export const presenceIn = (snapshot: PresenceSnapshot, userId: string | null | undefined): Presence | null =>
  userId ? (snapshot.context.known[userId] ?? null) : null
