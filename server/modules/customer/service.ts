import { randomBytes } from 'node:crypto'
import { and, eq } from 'drizzle-orm'
import {
  type CurrentChannelBody,
  type Language,
  RESERVED_EMAIL_DOMAIN,
  SOCKET_EVENTS,
  type StartWithBody,
  type UpdateProfileBody,
  type User,
  type UseForBody,
} from '../../../contract'
import type { AppContext } from '../../context'
import type { Executor } from '../../db/client'
import { channelMembers, channels, topicMembers, users, type UserRow } from '../../db/schema'
import { badRequest, forbidden, notFound, unauthorized } from '../../http/errors'
import type { AvatarStore } from '../../storage/avatars'
import type { ReceivedFile } from '../../storage/upload-pipeline'
import { toUser } from './user-view'
import { makeWorkid } from './workid'

type UserUpdate = Partial<typeof users.$inferInsert>

const WORKID_TRIES = 8
/** A service account's password hash: not an argon2 hash, so checkPassword refuses every password. */
const NO_PASSWORD = '!'

const PROFILE_COLUMNS = {
  name: 'name',
  only_friend_call: 'onlyFriendCall',
  only_friend_invite_topic: 'onlyFriendInviteTopic',
  only_friend_chat: 'onlyFriendChat',
  sounds: 'sounds',
  read_receipts: 'readReceipts',
} as const satisfies Record<keyof UpdateProfileBody, keyof UserUpdate>

/**
 * The signed-in user's own account (profile, avatar, onboarding answers, preferences), and the only
 * writer of the users table: sign-up and credentials come here from the auth module.
 */
export function createCustomerService(ctx: AppContext, avatars: AvatarStore) {
  const { db } = ctx

  async function update(userId: string, values: UserUpdate): Promise<User> {
    const [row] = await db.update(users).set(values).where(eq(users.id, userId)).returning()
    if (!row) throw unauthorized()
    return toUser(row)
  }

  return {
    /**
     * A new account inside the sign-up transaction, with a free workid made from the name; 400
     * emailTaken when the email already has one.
     */
    async createAccount(
      tx: Executor,
      account: { name: string; email: string; passwordHash: string; language: Language },
    ): Promise<UserRow> {
      for (let i = 0; i < WORKID_TRIES; i++) {
        const [row] = await tx
          .insert(users)
          .values({ ...account, workid: makeWorkid(account.name, i < WORKID_TRIES / 2 ? 4 : 6) })
          .onConflictDoNothing()
          .returning()
        if (row) return row
        const [taken] = await tx.select({ id: users.id }).from(users).where(eq(users.email, account.email)).limit(1)
        if (taken) throw badRequest('emailTaken', 'email')
      }
      throw new Error('could not find a free workid')
    },

    /**
     * pages: a service account (the support desk) by its fixed workid (no sign-up makes a workid
     * without digits), made once: a verified, unique address under the reserved domain that sign-up
     * refuses, and a password hash no password matches (no one logs in as it). Answers its id.
     */
    async ensureServiceAccount(account: { workid: string; name: string }): Promise<string> {
      const byWorkid = () => db.select({ id: users.id }).from(users).where(eq(users.workid, account.workid)).limit(1)
      const [found] = await byWorkid()
      if (found) return found.id
      await db
        .insert(users)
        .values({
          name: account.name,
          email: `${account.workid}.${randomBytes(8).toString('hex')}@${RESERVED_EMAIL_DOMAIN}`,
          workid: account.workid,
          passwordHash: NO_PASSWORD,
          emailVerified: 1,
        })
        // Another node made it at the same moment (the workid is unique): theirs is the one.
        .onConflictDoNothing()
      const [made] = await byWorkid()
      if (!made) throw new Error(`service account ${account.workid} could not be made`)
      return made.id
    },

    /** The user proved their email with a code. */
    async markEmailVerified(exec: Executor, userId: string): Promise<void> {
      await exec.update(users).set({ emailVerified: 1 }).where(eq(users.id, userId))
    },

    /** A new password hash; the emailed code that allowed it proves the email, too. */
    async setPassword(exec: Executor, userId: string, passwordHash: string): Promise<void> {
      await exec.update(users).set({ passwordHash, emailVerified: 1 }).where(eq(users.id, userId))
    },

    /** The channel the user works in, inside the caller's transaction (a channel they just created). */
    async recordCurrentChannel(exec: Executor, userId: string, channelId: string): Promise<void> {
      await exec.update(users).set({ currentChannelId: channelId }).where(eq(users.id, userId))
    },

    /** The user left a channel (inside the caller's transaction): it is no longer their current one. */
    async forgetCurrentChannel(exec: Executor, userId: string, channelId: string): Promise<void> {
      await exec
        .update(users)
        .set({ currentChannelId: null })
        .where(and(eq(users.id, userId), eq(users.currentChannelId, channelId)))
    },

    async get(userId: string): Promise<User> {
      const [row] = await db.select().from(users).where(eq(users.id, userId)).limit(1)
      if (!row) throw unauthorized()
      return toUser(row)
    },

    /** Exactly one field per call. */
    async updateProfile(userId: string, body: UpdateProfileBody): Promise<User> {
      const fields = (Object.keys(body) as (keyof UpdateProfileBody)[]).filter((k) => body[k] !== undefined)
      if (fields.length !== 1) throw badRequest('oneFieldPerCall')
      const field = fields[0]!
      const user = await update(userId, { [PROFILE_COLUMNS[field]]: body[field] })
      // Read receipts switched: the chats open with this person (theirs too) read their receipts again.
      if (field === 'read_receipts') {
        const rows = await db.select({ topicId: topicMembers.topicId }).from(topicMembers).where(eq(topicMembers.userId, userId))
        ctx.realtime.toRooms({ userIds: [userId], topicIds: rows.map((r) => r.topicId) }, SOCKET_EVENTS.RECEIPTS_CHANGED, {
          user_id: userId,
        })
      }
      return user
    },

    /** A JPEG or PNG by content; stored as a 256 px JPEG. */
    async setAvatar(userId: string, upload: ReceivedFile): Promise<User> {
      const url = await avatars.save(upload, userId)
      if (!url) throw badRequest('avatarType', 'file')
      const [before] = await db.select({ photoUrl: users.photoUrl }).from(users).where(eq(users.id, userId)).limit(1)
      const user = await update(userId, { photoUrl: url })
      if (before?.photoUrl !== url) await avatars.remove(before?.photoUrl ?? null)
      return user
    },

    skipTutorial: (userId: string) => update(userId, { skipTutorial: 1 }),
    useFor: (userId: string, body: UseForBody) => update(userId, { useFor: body.use_for }),
    startWith: (userId: string, body: StartWithBody) => update(userId, { startWith: body.start_with, website: body.website || null }),
    updateLanguage: (userId: string, language: Language) => update(userId, { language }),

    /** Unknown channel -> 404; not a member -> 403. */
    async setCurrentChannel(userId: string, body: CurrentChannelBody): Promise<User> {
      const [found] = await db
        .select({ id: channels.id, member: channelMembers.userId })
        .from(channels)
        .leftJoin(channelMembers, and(eq(channelMembers.channelId, channels.id), eq(channelMembers.userId, userId)))
        .where(eq(channels.id, body.channel_id))
        .limit(1)
      if (!found) throw notFound()
      if (!found.member) throw forbidden()
      return update(userId, { currentChannelId: found.id })
    },
  }
}

export type CustomerService = ReturnType<typeof createCustomerService>
