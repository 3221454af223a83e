import type { Presence, PresenceChangedPayload, StatusChangedPayload } from '../../../contract/presence'

export interface PresenceContext {
  /** How many views on the screen show each person now (a person leaves the list at 0). */
  shown: Record<string, number>
  /** What the tab knows of each person it watched: read, then moved by the socket. */
  known: Record<string, Presence>
  /** The people read already (or being read): a new watch list reads only the others. */
  read: string[]
  /** Those the sync on its way reads. */
  reading: string[]
  /** The list or a person changed while a sync was on its way: another one follows it. */
  stale: boolean
}

export type PresenceEvent =
  /** A view began to show someone's presence (their dot, their status). */
  | { type: 'WATCH'; userId: string }
  /** A view that showed them went away. */
  | { type: 'UNWATCH'; userId: string }
  /** The socket connected (again): the server holds no watch list for it, and changes were missed. */
  | { type: 'CONNECTED' }
  | ({ type: 'PRESENCE_CHANGED' } & PresenceChangedPayload)
  | ({ type: 'STATUS_CHANGED' } & StatusChangedPayload)
  /** The socket's PERSON_DND_CHANGED: someone's do not disturb changed (their presence tells it). */
  | { type: 'DND_CHANGED'; userId: string }

/** What a sync does: tell the server the watch list (PRESENCE_WATCH), then read those not read yet (POST presence/of). */
export interface SyncInput {
  watch: string[]
  read: string[]
}
