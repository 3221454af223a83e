import { z } from 'zod'
import { flag, language } from './common'
import { PLANS } from './limits'

export const plan = z.enum(PLANS)
export type Plan = z.infer<typeof plan>

/** Account settings; the switches are 0 or 1. */
export const account = z.object({
  language,
  skip_tutorial: flag,
  only_friend_call: flag,
  only_friend_invite_topic: flag,
  only_friend_chat: flag,
  sounds: flag,
  /** Read receipts: 1 shows the user's read positions to the people they chat with (and theirs to them); 0 neither. */
  read_receipts: flag,
  /** The current channel's id, or null. */
  channel: z.string().nullable(),
  use_for: z.enum(['personal', 'business']).nullable(),
  start_with: z.string().nullable(),
  website: z.string().nullable(),
})
export type Account = z.infer<typeof account>

export const user = z.object({
  _id: z.string(),
  name: z.string(),
  email: z.string(),
  email_verified: z.boolean(),
  workid: z.string(),
  photo_url: z.string().nullable(),
  package: plan,
  account,
  created_at: z.string(),
})
export type User = z.infer<typeof user>
