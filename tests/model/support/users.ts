import type { User } from '../../../contract/user'

/** Lan, a verified freemium user who has done the tutorial; `patch` changes what a test needs. */
export const lan = (patch: Partial<User> = {}): User => ({
  _id: 'u-1',
  name: 'Lan Nguyen',
  email: 'lan@example.com',
  email_verified: true,
  workid: 'lan.nguyen',
  photo_url: null,
  package: 'freemium',
  account: {
    language: 'en',
    skip_tutorial: 1,
    only_friend_call: 0,
    only_friend_invite_topic: 0,
    only_friend_chat: 0,
    sounds: 1,
    read_receipts: 1,
    channel: null,
    use_for: null,
    start_with: null,
    website: null,
  },
  created_at: '2026-01-05T08:00:00.000Z',
  ...patch,
})
