import type { Flag, Language, Plan, User } from '../../../contract'
import { LANGUAGES, PLANS } from '../../../contract'
import type { UserRow } from '../../db/schema'

const asFlag = (n: number): Flag => (n ? 1 : 0)
const asPlan = (p: string): Plan => ((PLANS as readonly string[]).includes(p) ? (p as Plan) : 'freemium')
const asLanguage = (l: string): Language => ((LANGUAGES as readonly string[]).includes(l) ? (l as Language) : 'en')

/** A users row as the wire's User (contract/user.ts). */
export function toUser(row: UserRow): User {
  return {
    _id: row.id,
    name: row.name,
    email: row.email,
    email_verified: row.emailVerified === 1,
    workid: row.workid,
    photo_url: row.photoUrl,
    package: asPlan(row.package),
    account: {
      language: asLanguage(row.language),
      skip_tutorial: asFlag(row.skipTutorial),
      only_friend_call: asFlag(row.onlyFriendCall),
      only_friend_invite_topic: asFlag(row.onlyFriendInviteTopic),
      only_friend_chat: asFlag(row.onlyFriendChat),
      sounds: asFlag(row.sounds),
      read_receipts: asFlag(row.readReceipts),
      channel: row.currentChannelId,
      use_for: row.useFor === 'personal' || row.useFor === 'business' ? row.useFor : null,
      start_with: row.startWith,
      website: row.website,
    },
    created_at: row.createdAt.toISOString(),
  }
}
