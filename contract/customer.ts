import { z } from 'zod'
import { pushSubscriptionToken } from './push'
import { flag, language, objectId } from './common'
import { LIMITS } from './limits'

/** PUT customer/update-profile: exactly one of these fields per call. */
export const updateProfileBody = z.strictObject({
  name: z.string().trim().min(1).max(LIMITS.nameMax).optional(),
  only_friend_call: flag.optional(),
  only_friend_invite_topic: flag.optional(),
  only_friend_chat: flag.optional(),
  sounds: flag.optional(),
  read_receipts: flag.optional(),
})
export type UpdateProfileBody = z.infer<typeof updateProfileBody>
export const PROFILE_FIELDS = [
  'name',
  'only_friend_call',
  'only_friend_invite_topic',
  'only_friend_chat',
  'sounds',
  'read_receipts',
] as const
export type ProfileField = (typeof PROFILE_FIELDS)[number]
export const PRIVACY_FIELDS = ['only_friend_call', 'only_friend_invite_topic', 'only_friend_chat', 'sounds', 'read_receipts'] as const
export type PrivacyField = (typeof PRIVACY_FIELDS)[number]

export const useForBody = z.strictObject({ use_for: z.enum(['personal', 'business']) })
export type UseForBody = z.infer<typeof useForBody>

export const startWithBody = z.strictObject({
  start_with: z.string().trim().min(1).max(LIMITS.nameMax),
  website: z.string().trim().max(2048).optional(),
})
export type StartWithBody = z.infer<typeof startWithBody>

export const currentChannelBody = z.strictObject({ channel_id: objectId })
export type CurrentChannelBody = z.infer<typeof currentChannelBody>

/**
 * PUT customer/update-fcm-token: this device's Web Push subscription (PushSubscription.toJSON()),
 * as a JSON string. The server keeps one per device (endpoint) and forgets it on logout.
 */
export const fcmTokenBody = z.strictObject({ fcm_token: pushSubscriptionToken })
export type FcmTokenBody = z.infer<typeof fcmTokenBody>

export const updateLanguageBody = z.strictObject({ language })
export type UpdateLanguageBody = z.infer<typeof updateLanguageBody>

/** POST customer/avatar (multipart `file`, jpeg or png by content) answers with the user. */
export const AVATAR_TYPES = ['image/jpeg', 'image/png'] as const
/**
 * Pixels an avatar may declare (a 256 px square is made of it): below media's 25 MP, so a profile
 * picture costs less decoding. 16 MP takes a 12 MP phone photo and a 4608 x 3456 camera's.
 */
export const AVATAR_MAX_PIXELS = 16_000_000
