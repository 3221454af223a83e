import type { ActivitySnapshot } from './activity.machine'

/** What the account menu says about how the user appears to others from this tab. */
export interface ActivityProps {
  away: boolean
}

/** Pure: snapshot -> whether this tab reports the user away. */
export function connect(snapshot: ActivitySnapshot): ActivityProps {
  return { away: snapshot.matches('away') }
}
