/** Business constants of spec section 9 and the bounds of issue 2. */
export const LIMITS = {
  nameMax: 75,
  emailMax: 254,
  passwordMin: 6,
  passwordMax: 128,
  channelNameMax: 75,
  channelPasswordMin: 6,
  otpLength: 6,
  otpTtlMinutes: 15,
  otpMaxAttempts: 5,
  avatarMaxBytes: 5 * 1024 * 1024,
  unreadBadgeCap: 10,
} as const

export const ROLES = { member: 20, admin: 30, owner: 40 } as const
export const DEFAULT_ROLE = 10

export const PLANS = ['freemium', 'premium', 'growth'] as const
export const CHANNEL_QUOTA: Record<string, number> = { freemium: 1, premium: 5, growth: 100 }
export const channelQuota = (plan: string | undefined) => (plan && CHANNEL_QUOTA[plan]) || 1
