/** Bounds of the account and channel forms, codes and badges (docs/product-rules.md, Limits). */
export const LIMITS = {
  nameMax: 75,
  emailMax: 254,
  passwordMin: 8,
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

/**
 * What each plan gives: the one source of the plan figures. The pricing page shows them; the
 * server enforces them (channels a user may administer, bytes a user may store).
 */
export const PLAN_LIMITS = {
  freemium: { channels: 1, storageGb: 1 },
  premium: { channels: 5, storageGb: 20 },
  growth: { channels: 100, storageGb: 200 },
} as const satisfies Record<(typeof PLANS)[number], { channels: number; storageGb: number }>

const byPlan = (figure: (limits: (typeof PLAN_LIMITS)[keyof typeof PLAN_LIMITS]) => number): Record<string, number> =>
  Object.fromEntries(PLANS.map((plan) => [plan, figure(PLAN_LIMITS[plan])]))

/** Channels a user may administer, by plan; an unknown plan counts as freemium. */
export const CHANNEL_QUOTA = byPlan((p) => p.channels)
export const channelQuota = (plan: string | undefined) => (plan && CHANNEL_QUOTA[plan]) || PLAN_LIMITS.freemium.channels
/** Per-user storage quota by plan, in bytes (a GB is 1024³ bytes, as the storage page counts). */
export const STORAGE_QUOTA = byPlan((p) => p.storageGb * 1024 ** 3)
export const storageQuota = (plan: string | undefined) => (plan && STORAGE_QUOTA[plan]) || STORAGE_QUOTA.freemium!
