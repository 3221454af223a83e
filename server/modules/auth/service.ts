import { randomInt, randomUUID } from 'node:crypto'
import { and, desc, eq, gt, isNull, lt, sql } from 'drizzle-orm'
import type { EmailOnlyBody, Language, LoginBody, RegisterBody, ResetPasswordBody, User, VerifyEmailBody } from '../../../contract'
import { LIMITS, LOGIN_HISTORY_SHOWN, type SessionList, SOCKET_EVENTS } from '../../../contract'
import { checkPassword, hashPassword, isCommonPassword } from '../../auth/passwords'
import type { AuthContext, IssuedTokens, LoginMeta } from '../../auth/tokens'
import type { AppContext } from '../../context'
import type { Executor } from '../../db/client'
import { emailCodes, users, type UserRow } from '../../db/schema'
import { badRequest, HttpError, notFound, unauthorized } from '../../http/errors'
import type { OutgoingEmail } from '../../mail/mailer'
import { codeEmail, type CodePurpose, codesLockedEmail, signUpAgainEmail } from '../../mail/templates'
import type { PushService } from '../notify'
import { type CustomerService, toUser } from '../customer'
import { afterRightCode, afterWrongCode, isLocked, lockBudget, saveBudget, spendCode } from './account-limits'
import { deviceOf } from './device'
import { standInSession } from './sign-up-answer'

const OTP_TTL_MS = LIMITS.otpTtlMinutes * 60_000
/** Codes are deleted this long after they expire (used or not). */
const CODE_RETENTION_MS = 24 * 60 * 60 * 1000

/** A new login: its tokens (the refresh token goes into the cookie) and its user. */
export type IssuedSession = IssuedTokens & { user: User }

/** Every failed code check answers this: wrong, expired, spent, locked and unknown look the same. */
const invalidCode = () => badRequest('codeInvalid', 'code')
const commonPassword = () => badRequest('passwordCommon', 'password')
const languageOf = (user: UserRow): Language => (user.language === 'vi' ? 'vi' : 'en')

/**
 * Sign-up, login, email codes, password reset and logout. Users rows are written by the customer
 * module, sessions and refresh tokens by the token service; this module owns the email codes and
 * the per-account code budgets (auth_limits).
 *
 * No answer tells whether an address has an account: sign-up with a taken address answers like a
 * new one (and emails the owner), code checks fail with one message, and resend-code and
 * forgot-password answer before looking the address up (their email goes out afterwards).
 */
export function createAuthService(ctx: AppContext, { customers, push }: { customers: CustomerService; push: Pick<PushService, 'forget'> }) {
  const { db, tokens, mailer, realtime } = ctx
  const limits = ctx.config.accountLimits

  /** What a code check compares against when there is no live code: a hash of the same length that no code matches. */
  const noCodeHash = tokens.codeHash('', 'none', '')

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

  /**
   * Stores the email `make` builds when the account's hour budget allows (in the caller's
   * transaction); returns it for dispatch after commit, or null when the budget is spent or code
   * checks are locked.
   */
  async function withinBudget(
    tx: Executor,
    userId: string,
    make: () => Promise<OutgoingEmail>,
  ): Promise<{ id: string; email: OutgoingEmail } | null> {
    const now = new Date()
    const next = spendCode(await lockBudget(tx, userId, now), now, limits)
    if (!next) return null
    await saveBudget(tx, userId, next)
    const email = await make()
    return { id: await mailer.store(tx, email), email }
  }

  const dispatch = (mail: { id: string; email: OutgoingEmail } | null) => {
    if (mail) mailer.dispatch(mail.id, mail.email)
  }

  async function sendCode(user: UserRow, purpose: CodePurpose) {
    dispatch(
      await db.transaction((tx) =>
        withinBudget(tx, user.id, async () => codeEmail(purpose, languageOf(user), user, await issueCode(tx, user.id, purpose))),
      ),
    )
  }

  /**
   * Spends one attempt of the user's live code (their newest unused one, unexpired, with attempts
   * left) in one statement; true when it is the right one (then it is used up). Without a live code
   * (or an account) a code hash is computed and compared all the same, against a stand-in.
   */
  async function spendAttempt(tx: Executor, userId: string, purpose: CodePurpose, code: string, now: Date): Promise<boolean> {
    const newest = tx
      .select({ id: emailCodes.id })
      .from(emailCodes)
      .where(and(eq(emailCodes.userId, userId), eq(emailCodes.purpose, purpose), isNull(emailCodes.usedAt)))
      .orderBy(desc(emailCodes.createdAt))
      .limit(1)
    const [counted] = await tx
      .update(emailCodes)
      .set({ attempts: sql`${emailCodes.attempts} + 1` })
      .where(
        and(
          eq(emailCodes.id, newest),
          isNull(emailCodes.usedAt),
          gt(emailCodes.expiresAt, now),
          lt(emailCodes.attempts, LIMITS.otpMaxAttempts),
        ),
      )
      .returning({ id: emailCodes.id, codeHash: emailCodes.codeHash })
    const given = tokens.codeHash(userId, purpose, code)
    const right = tokens.sameHash(counted?.codeHash ?? noCodeHash, given)
    if (!counted || !right) return false
    const [spent] = await tx
      .update(emailCodes)
      .set({ usedAt: now })
      .where(and(eq(emailCodes.id, counted.id), isNull(emailCodes.usedAt)))
      .returning({ id: emailCodes.id })
    return spent !== undefined
  }

  /**
   * Checks a code against the account's budget: while code checks are locked nothing is checked;
   * a wrong code counts toward the day's budget, and the one that locks emails the owner (once per
   * lock). Every failure throws the same invalidCode. An unknown address and a locked account take
   * the same steps as a wrong code (the statements find no rows of an id no account has), so the
   * time of the answer does not tell them apart.
   */
  async function consumeCode(user: UserRow | undefined, purpose: CodePurpose, code: string): Promise<void> {
    const userId = user?.id ?? randomUUID()
    const now = new Date()
    const { right, notice } = await db.transaction(async (tx) => {
      const budget = await lockBudget(tx, userId, now)
      const locked = isLocked(budget, now)
      const right = (await spendAttempt(tx, locked ? randomUUID() : userId, purpose, code, now)) && !locked
      const next = locked ? budget : right ? afterRightCode(budget) : afterWrongCode(budget, now, limits)
      await saveBudget(tx, userId, next)
      if (!user || locked || !isLocked(next, now)) return { right, notice: null }
      const email = codesLockedEmail(languageOf(user), user, next.lockedUntil!)
      return { right, notice: { id: await mailer.store(tx, email), email } }
    })
    dispatch(notice)
    if (!right) throw invalidCode()
  }

  /** Someone signed up with a taken address: its owner is told (within the mail budget); the caller gets a stand-in answer. */
  async function signUpAgain(owner: UserRow, body: RegisterBody, lang: Language, passwordHash: string): Promise<IssuedSession> {
    const links = { login: mailer.url('/login'), forgot: mailer.url('/forgot-password') }
    dispatch(await db.transaction((tx) => withinBudget(tx, owner.id, async () => signUpAgainEmail(languageOf(owner), owner, links))))
    return standInSession(db, customers, body, lang, passwordHash, new Date(ctx.config.now() + ctx.config.sessions.maxAgeMs))
  }

  const isEmailTaken = (err: unknown) => err instanceof HttpError && err.key === 'emailTaken'

  return {
    async register(body: RegisterBody, lang: Language, meta: LoginMeta = {}): Promise<IssuedSession> {
      if (isCommonPassword(body.password)) throw commonPassword()
      // Hashed first, whether or not the address is taken: both answers cost the same.
      const passwordHash = await hashPassword(body.password)
      const taken = await findByEmail(body.email)
      if (taken) return signUpAgain(taken, body, lang, passwordHash)
      try {
        // All or nothing: the account, its session, its code and its email.
        const out = await db.transaction(async (tx) => {
          const row = await customers.createAccount(tx, { name: body.name, email: body.email, passwordHash, language: lang })
          const session = await tokens.startSession(tx, row.id, meta)
          const mail = await withinBudget(tx, row.id, async () => codeEmail('verify', lang, row, await issueCode(tx, row.id, 'verify')))
          return { row, session, mail }
        })
        dispatch(out.mail)
        return { ...out.session, user: toUser(out.row) }
      } catch (err) {
        // Another sign-up of the same address won the race.
        const winner = isEmailTaken(err) ? await findByEmail(body.email) : undefined
        if (winner) return signUpAgain(winner, body, lang, passwordHash)
        throw err
      }
    },

    async login(body: LoginBody, meta: LoginMeta = {}): Promise<IssuedSession> {
      const row = await findByEmail(body.email)
      if (!(await checkPassword(row?.passwordHash, body.password)) || !row) throw badRequest('invalidCredentials')
      const session = await tokens.startSession(db, row.id, meta)
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

    /** Answers at once; afterwards a fresh verification code goes out when the account exists and is unverified. */
    resendCode(body: EmailOnlyBody): void {
      mailer.later(async () => {
        const user = await findByEmail(body.email)
        if (user && !user.emailVerified) await sendCode(user, 'verify')
      })
    },

    /** Answers at once; afterwards a reset code goes out when the account exists. */
    forgotPassword(body: EmailOnlyBody): void {
      mailer.later(async () => {
        const user = await findByEmail(body.email)
        if (user) await sendCode(user, 'reset')
      })
    },

    /** Sets the new password and ends every session of the account. The code proves the email, too. */
    async resetPassword(body: ResetPasswordBody): Promise<void> {
      if (isCommonPassword(body.password)) throw commonPassword()
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

    /** The caller's open sessions (with the one they call from marked) and their latest logins. */
    async sessions(auth: AuthContext): Promise<SessionList> {
      const [open, logins] = await Promise.all([tokens.openSessionsOf(auth.userId), tokens.loginsOf(auth.userId, LOGIN_HISTORY_SHOWN)])
      return {
        sessions: open.map((s) => ({
          _id: s.id,
          device: deviceOf(s.userAgent),
          ip: s.ip,
          created_at: s.createdAt.toISOString(),
          last_seen_at: (s.lastSeenAt ?? s.createdAt).toISOString(),
          current: s.id === auth.sessionId,
        })),
        history: logins.map((l) => ({ _id: l.id, device: deviceOf(l.userAgent), ip: l.ip, created_at: l.createdAt.toISOString() })),
      }
    },

    /** Ends one of the caller's sessions (404 unless it is an open one of theirs): at once its calls get 401 and its sockets go. */
    async endSession(auth: AuthContext, sessionId: string): Promise<number> {
      if (!(await tokens.revokeOwnSession(auth.userId, sessionId))) throw notFound()
      return 1
    },

    /** Ends every session of the caller but the one they call from. */
    endOtherSessions: (auth: AuthContext): Promise<number> => tokens.revokeOtherSessions(auth.userId, auth.sessionId),

    /** Ends this session (its sockets are dropped on every node); the user's other sockets hear LOGOUT. */
    async logout(auth: AuthContext, fcmToken: string | undefined): Promise<void> {
      await tokens.revokeSession(auth.sessionId)
      if (fcmToken) await push.forget(auth.userId, fcmToken)
      realtime.toUser(auth.userId, SOCKET_EVENTS.LOGOUT, { user_id: auth.userId })
    },
  }
}

export type AuthService = ReturnType<typeof createAuthService>
