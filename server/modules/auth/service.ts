import { randomInt } from 'node:crypto'
import { and, desc, eq, isNull, lt, sql } from 'drizzle-orm'
import type { EmailOnlyBody, Language, LoginBody, RegisterBody, ResetPasswordBody, User, VerifyEmailBody } from '../../../contract'
import { LIMITS, SOCKET_EVENTS } from '../../../contract'
import { checkPassword, hashPassword } from '../../auth/passwords'
import type { AuthContext, IssuedTokens } from '../../auth/tokens'
import type { AppContext } from '../../context'
import type { Executor } from '../../db/client'
import { emailCodes, users, type UserRow } from '../../db/schema'
import { badRequest, unauthorized } from '../../http/errors'
import { codeEmail, type CodePurpose } from '../../mail/templates'
import { type CustomerService, toUser } from '../customer'

const OTP_TTL_MS = LIMITS.otpTtlMinutes * 60_000
/** Codes are deleted this long after they expire (used or not). */
const CODE_RETENTION_MS = 24 * 60 * 60 * 1000

/** A new login: its tokens (the refresh token goes into the cookie) and its user. */
export type IssuedSession = IssuedTokens & { user: User }

/**
 * Sign-up, login, email codes, password reset and logout. Users rows are written by the customer
 * module, sessions and refresh tokens by the token service; this module owns the email codes.
 */
export function createAuthService(ctx: AppContext, { customers }: { customers: CustomerService }) {
  const { db, tokens, mailer, realtime } = ctx

  const findByEmail = async (email: string): Promise<UserRow | undefined> =>
    (await db.select().from(users).where(eq(users.email, email)).limit(1))[0]

  /** Kills earlier unused codes of the purpose and stores a new one; returns the plain code. */
  async function issueCode(exec: Executor, userId: string, purpose: CodePurpose): Promise<string> {
    const code = String(randomInt(0, 10 ** LIMITS.otpLength)).padStart(LIMITS.otpLength, '0')
    await exec
      .update(emailCodes)
      .set({ usedAt: new Date() })
      .where(and(eq(emailCodes.userId, userId), eq(emailCodes.purpose, purpose), isNull(emailCodes.usedAt)))
    await exec.insert(emailCodes).values({
      userId,
      purpose,
      codeHash: tokens.codeHash(userId, purpose, code),
      expiresAt: new Date(Date.now() + OTP_TTL_MS),
    })
    return code
  }

  async function sendCode(user: UserRow, purpose: CodePurpose) {
    const out = await db.transaction(async (tx) => {
      const code = await issueCode(tx, user.id, purpose)
      const email = codeEmail(purpose, user.language === 'vi' ? 'vi' : 'en', user, code)
      return { id: await mailer.store(tx, email), email }
    })
    mailer.dispatch(out.id, out.email)
  }

  /**
   * Spends one attempt of the user's live code. Wrong -> 'Code is incorrect'; expired or out of
   * attempts -> 'Code has expired'. On success the code is used up.
   */
  async function consumeCode(user: UserRow | undefined, purpose: CodePurpose, code: string): Promise<void> {
    if (!user) throw badRequest('codeIncorrect', 'code')
    const [live] = await db
      .select()
      .from(emailCodes)
      .where(and(eq(emailCodes.userId, user.id), eq(emailCodes.purpose, purpose), isNull(emailCodes.usedAt)))
      .orderBy(desc(emailCodes.createdAt))
      .limit(1)
    if (!live) throw badRequest('codeIncorrect', 'code')
    if (live.expiresAt.getTime() <= Date.now()) throw badRequest('codeExpired', 'code')
    const [counted] = await db
      .update(emailCodes)
      .set({ attempts: sql`${emailCodes.attempts} + 1` })
      .where(and(eq(emailCodes.id, live.id), isNull(emailCodes.usedAt), lt(emailCodes.attempts, LIMITS.otpMaxAttempts)))
      .returning({ attempts: emailCodes.attempts })
    if (!counted) throw badRequest('codeExpired', 'code')
    if (!tokens.sameHash(live.codeHash, tokens.codeHash(user.id, purpose, code))) throw badRequest('codeIncorrect', 'code')
    const [spent] = await db
      .update(emailCodes)
      .set({ usedAt: new Date() })
      .where(and(eq(emailCodes.id, live.id), isNull(emailCodes.usedAt)))
      .returning({ id: emailCodes.id })
    if (!spent) throw badRequest('codeIncorrect', 'code')
  }

  return {
    async register(body: RegisterBody, lang: Language): Promise<IssuedSession> {
      if (await findByEmail(body.email)) throw badRequest('emailTaken', 'email')
      const passwordHash = await hashPassword(body.password)
      // All or nothing: the account, its session, its code and its email.
      const out = await db.transaction(async (tx) => {
        const row = await customers.createAccount(tx, { name: body.name, email: body.email, passwordHash, language: lang })
        const session = await tokens.startSession(tx, row.id)
        const code = await issueCode(tx, row.id, 'verify')
        const email = codeEmail('verify', lang, row, code)
        const mailId = await mailer.store(tx, email)
        return { row, session, mailId, email }
      })
      mailer.dispatch(out.mailId, out.email)
      return { ...out.session, user: toUser(out.row) }
    },

    async login(body: LoginBody): Promise<IssuedSession> {
      const row = await findByEmail(body.email)
      if (!(await checkPassword(row?.passwordHash, body.password)) || !row) throw badRequest('invalidCredentials')
      const session = await tokens.startSession(db, row.id)
      return { ...session, user: toUser(row) }
    },

    /**
     * Rotates a refresh token (from the cookie). A token that was already spent revokes its whole
     * family, unless it is a retry of the last rotation within the grace window.
     */
    async refresh(refreshToken: string | undefined): Promise<IssuedTokens> {
      const rotated = refreshToken ? await tokens.rotate(refreshToken) : null
      if (!rotated) throw unauthorized('sessionExpired')
      return rotated
    },

    async verifyEmail(body: VerifyEmailBody): Promise<void> {
      const user = await findByEmail(body.email)
      await consumeCode(user, 'verify', body.code)
      await customers.markEmailVerified(db, user!.id)
    },

    /** Sends a fresh verification code when the account exists and is unverified; silent otherwise. */
    async resendCode(body: EmailOnlyBody): Promise<void> {
      const user = await findByEmail(body.email)
      if (user && !user.emailVerified) await sendCode(user, 'verify')
    },

    async forgotPassword(body: EmailOnlyBody): Promise<void> {
      const user = await findByEmail(body.email)
      if (user) await sendCode(user, 'reset')
    },

    /** Sets the new password and ends every session of the account. The code proves the email, too. */
    async resetPassword(body: ResetPasswordBody): Promise<void> {
      const user = await findByEmail(body.email)
      await consumeCode(user, 'reset', body.code)
      const passwordHash = await hashPassword(body.password)
      await db.transaction(async (tx) => {
        await customers.setPassword(tx, user!.id, passwordHash)
        await tokens.revokeAllSessions(tx, user!.id)
      })
      tokens.forgetUser(user!.id)
    },

    /** Deletes codes that expired over a day ago (the scheduled cleanup); answers how many. */
    async pruneCodes(): Promise<number> {
      const cutoff = new Date(ctx.config.now() - CODE_RETENTION_MS)
      return (await db.delete(emailCodes).where(lt(emailCodes.expiresAt, cutoff)).returning({ id: emailCodes.id })).length
    },

    /** Ends this session (its sockets are dropped on every node); the user's other sockets hear LOGOUT. */
    async logout(auth: AuthContext, fcmToken: string | undefined): Promise<void> {
      await tokens.revokeSession(auth.sessionId)
      if (fcmToken) await customers.forgetFcmToken(auth.userId, fcmToken)
      realtime.toUser(auth.userId, SOCKET_EVENTS.LOGOUT, { user_id: auth.userId })
    },
  }
}

export type AuthService = ReturnType<typeof createAuthService>
