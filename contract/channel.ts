import { z } from 'zod'
import { flag, objectId, pageNumber } from './common'
import { LIMITS, ROLES } from './limits'

/**
 * Channels. A channel holds group topics; its members
 * have a role: member 20, admin 30, owner 40 (the creator). A user administers a channel when
 * their role is admin or owner; channel creation is limited by administered channels per plan.
 */
export const CHANNEL_USE_FOR = ['sme', 'edu'] as const
export const channelUseFor = z.enum(CHANNEL_USE_FOR)
export type ChannelUseFor = z.infer<typeof channelUseFor>

/** The one role option list: value -> label key. */
export const ROLE_OPTIONS = [
  { value: ROLES.member, key: 'member' },
  { value: ROLES.admin, key: 'admin' },
  { value: ROLES.owner, key: 'owner' },
] as const
/** Administers the channel (admin or owner): manages members, and counts against the plan's channel quota. */
export const isChannelAdmin = (role: number) => role >= ROLES.admin

/** How many of these channels the user administers (the plan quota's count; the server counts the same in SQL). */
export const administeredCount = (channels: readonly { role: number }[]) => channels.filter((c) => isChannelAdmin(c.role)).length

/**
 * Whether someone with `myRole` may change another member's role: the owner and admins may, never
 * their own role and never the owner's.
 */
export const mayChangeRole = (myRole: number, target: { _id: string; role: number }, meId: string | null) =>
  isChannelAdmin(myRole) && target._id !== meId && target.role < ROLES.owner

/**
 * Whether someone with `myRole` may remove another member from the channel: the owner removes anyone
 * but themselves; an admin removes members, never another admin, the owner or themselves.
 */
export const mayRemoveMember = (myRole: number, target: { _id: string; role: number }, meId: string | null) =>
  mayChangeRole(myRole, target, meId) && (myRole >= ROLES.owner || target.role < myRole)

/** Whether someone with `myRole` in a channel may leave it: any member but the owner (ownership does not move). */
export const mayLeaveChannel = (myRole: number) => myRole >= ROLES.member && myRole < ROLES.owner

/** Roles an owner or admin may give (ownership does not move). */
export const assignableRole = z.union([z.literal(ROLES.member), z.literal(ROLES.admin)])
export type AssignableRole = z.infer<typeof assignableRole>

/** POST channel/create. `description` is rich text: the server sanitises it. */
export const channelCreateBody = z
  .strictObject({
    name: z.string().trim().min(1).max(LIMITS.channelNameMax),
    description: z.string().max(20_000).default(''),
    is_public: z.boolean(),
    password: z.string().max(128).optional(),
    /** An uploaded image's media id (POST media/upload with acl=public): jpeg or png. */
    file_id: objectId.optional(),
    use_for: channelUseFor.optional(),
    /** A preset banner name (sme, edu) or an uploaded image's media id. */
    banner: z.string().max(64).optional(),
    referral_link: z.string().trim().max(2048).optional(),
  })
  .superRefine((body, issue) => {
    if (!body.is_public && (body.password ?? '').length < LIMITS.channelPasswordMin)
      issue.addIssue({
        code: 'too_small',
        minimum: LIMITS.channelPasswordMin,
        origin: 'string',
        inclusive: true,
        path: ['password'],
        message: 'tooShort',
      })
  })
export type ChannelCreateBody = z.infer<typeof channelCreateBody>

/** A channel as lists and pages show it. `role` is the caller's role (10 when not a member). */
export const channel = z.object({
  _id: z.string(),
  name: z.string(),
  /** Sanitised HTML. */
  description: z.string(),
  image: z.string().nullable(),
  banner: z.string().nullable(),
  is_public: z.boolean(),
  use_for: channelUseFor.nullable(),
  referral_link: z.string().nullable(),
  created_by: z.string().nullable(),
  created_at: z.string(),
  members_count: z.number().int(),
  role: z.number().int(),
})
export type Channel = z.infer<typeof channel>

/** GET channel/info?channel_id: the channel, its members' roles (user id -> role) and topic count. */
export const channelInfo = channel.extend({
  roles: z.record(z.string(), z.number().int()),
  topics: z.number().int(),
})
export type ChannelInfo = z.infer<typeof channelInfo>

export const channelIdQuery = z.object({ channel_id: objectId })
export type ChannelIdQuery = z.infer<typeof channelIdQuery>

/** GET channel?keyword&page: public channels whose name contains the keyword or whose id / referral link is it. */
export const channelSearchQuery = z.object({
  keyword: z.string().trim().max(200).default(''),
  page: pageNumber,
})
export type ChannelSearchQuery = z.infer<typeof channelSearchQuery>

/** POST channel/join: a public channel needs no password; a private one needs its password. */
export const channelJoinBody = z.strictObject({ channel_id: objectId, password: z.string().max(128).optional() })
export type ChannelJoinBody = z.infer<typeof channelJoinBody>

/** A person as member lists show them. `role` is their role in the channel or topic. */
export const member = z.object({
  _id: z.string(),
  name: z.string(),
  workid: z.string(),
  photo_url: z.string().nullable(),
  role: z.number().int(),
})
export type Member = z.infer<typeof member>

/** GET channel/page?channel_id&page -> result.customers (20 per page). */
export const channelPageQuery = z.object({ channel_id: objectId, page: pageNumber })
export type ChannelPageQuery = z.infer<typeof channelPageQuery>
export const channelPage = z.object({ channel: channel, customers: z.array(member) })
export type ChannelPage = z.infer<typeof channelPage>

/** PUT channel/role (owner or admin; never the owner's own role). */
export const channelRoleBody = z.strictObject({ channel_id: objectId, customer_id: objectId, role: assignableRole })
export type ChannelRoleBody = z.infer<typeof channelRoleBody>

/** DELETE channel/member: an admin or the owner removes a member (mayRemoveMember); the removed person gets OUT_CHANNEL. */
export const channelMemberRemoveBody = z.strictObject({ channel_id: objectId, customer_id: objectId })
export type ChannelMemberRemoveBody = z.infer<typeof channelMemberRemoveBody>
export const channelMemberRemoved = z.object({ channel_id: z.string(), customer_id: z.string() })

/** POST channel/leave: a member leaves (mayLeaveChannel; the owner cannot). */
export const channelLeaveBody = z.strictObject({ channel_id: objectId })
export type ChannelLeaveBody = z.infer<typeof channelLeaveBody>
export const channelLeft = z.object({ channel_id: z.string() })

/** Labels of a channel (GET channel/label?channel_id; POST / DELETE channel/label by admins). */
export const label = z.object({ _id: z.string(), channel_id: z.string(), name: z.string(), color: z.string() })
export type Label = z.infer<typeof label>
export const labelCreateBody = z.strictObject({
  channel_id: objectId,
  name: z.string().trim().min(1).max(40),
  color: z
    .string()
    .regex(/^#[0-9a-fA-F]{6}$/)
    .default('#64748b'),
})
export type LabelCreateBody = z.infer<typeof labelCreateBody>
export const labelDeleteBody = z.strictObject({ label_id: objectId })
export type LabelDeleteBody = z.infer<typeof labelDeleteBody>

/** POST channel/suggest-description: an OpenAI-compatible chat completion shape. */
export const suggestDescriptionBody = z.strictObject({ description: z.string().trim().min(1).max(2000) })
export type SuggestDescriptionBody = z.infer<typeof suggestDescriptionBody>
export const suggestion = z.object({ choices: z.array(z.object({ message: z.object({ content: z.string() }) })).min(1) })
export type Suggestion = z.infer<typeof suggestion>

/** GET channel/seen: per channel the caller belongs to, whether every topic is seen and how many are not. */
export const seenEntry = z.object({ channel_id: z.string().nullable(), is_seen: z.boolean(), unseen: z.number().int() })
export type SeenEntry = z.infer<typeof seenEntry>
/** PUT channel/seen: mark one of the caller's topics seen (1) or unseen (0). */
export const seenBody = z.strictObject({ topic_id: objectId, is_seen: flag })
export type SeenBody = z.infer<typeof seenBody>

/** Preset banners for onboarding's company channel, by use. */
export const CHANNEL_BANNERS = { sme: 'sme', edu: 'edu' } as const satisfies Record<ChannelUseFor, string>
