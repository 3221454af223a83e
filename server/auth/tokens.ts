import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto'
import { and, desc, eq, gt, isNotNull, isNull, lt, ne, or, sql } from 'drizzle-orm'
import { jwtVerify, SignJWT } from 'jose'
import type { SessionSettings } from '../config'
import type { SigningKeys } from './keys'
import { createMediaTokens } from './media-tokens'
import type { Db, Executor } from '../db/client'
import { loginHistory, refreshTokens, sessions, users } from '../db/schema'

/** How long this node trusts that a session it has checked is still open (revocations on this node apply at once). */
const SESSION_CACHE_MS = 5_000
const SESSION_CACHE_MAX = 50_000
/** Ended sessions (and their refresh tokens) are deleted this long after they end. */
const ENDED_SESSION_RETENTION_MS = 24 * 60 * 60 * 1000

export interface AuthContext {
  userId: string
  /** The session (refresh-token family) the access token belongs to. */
  sessionId: string
  /** Until the email is verified, a session may only do what the verify screen needs. */
  emailVerified: boolean
  /** When the access token expires (epoch ms). */
  expiresAt: number
}

/** A new pair: the access token, and the refresh token that goes into the refresh cookie. */
export interface IssuedTokens {
  access_token: string
  /** The reader's media token (server/auth/media-tokens.ts): it expires with the access token. */
  media_token: string
  refresh_token: string
  /** The session's absolute end: the refresh token (and its cookie) expire then. */
  sessionEndsAt: Date
}

/** Where a login comes from: its User-Agent header and client address, shown on the user's sessions page. */
export interface LoginMeta {
  userAgent?: string | undefined
  ip?: string | undefined
}
/** The longest User-Agent kept. */
const USER_AGENT_MAX = 512
/** A session's last use is written at most this often (per node). */
const LAST_SEEN_EVERY_MS = 60_000
/** Logins are kept this long in the history. */
const LOGIN_HISTORY_RETENTION_MS = 90 * 24 * 60 * 60 * 1000

/** One of a user's sessions or logins, as stored (the sessions page reads them). */
export interface StoredSession {
  id: string
  userAgent: string | null
  ip: string | null
  createdAt: Date
  lastSeenAt: Date | null
}

/** What a revocation ended: one session, or every session of a user. */
export type Revocation = { sessionId: string } | { userId: string }

const sha256 = (value: string) => createHash('sha256').update(value).digest('base64url')

export interface TokenServiceOptions {
  /** The HS256 key of access tokens, the HMAC keys of one-time codes and media tokens (derived apart, server/auth/keys.ts). */
  keys: Pick<SigningKeys, 'jwt' | 'otp' | 'media'>
  sessions: SessionSettings
  /** The clock, in epoch ms. */
  now: () => number
}

/**
 * Sessions: access tokens (HS256 JWT, claims sub + sid), opaque refresh tokens (rotated in a
 * transaction; reuse revokes the family, except a retry of the token just rotated within the grace
 * window) and the check that an access token's session is still open. A session ends at the latest
 * `maxAgeMs` after its login, however often it is refreshed. The only writer of the sessions and
 * refresh_tokens tables. Revocations are announced to `onRevoked` listeners (realtime drops the
 * sockets).
 */
export function createTokenService(db: Db, { keys, sessions: settings, now }: TokenServiceOptions) {
  const openSessions = new Map<string, { userId: string; until: number }>()
  /** Access tokens whose signature was checked, until they expire: a busy client is verified once. */
  const verified = new Map<string, { sub: string; sid: string; expiresAt: number }>()
  const revocationListeners = new Set<(revoked: Revocation) => void>()
  const mediaTokens = createMediaTokens(keys.media)
  /** When this node last wrote each session's last use. */
  const lastSeenWritten = new Map<string, number>()

  const sessionEnd = (createdAt: Date) => new Date(createdAt.getTime() + settings.maxAgeMs)

  /** An access token for the session, expiring at `expires` (epoch seconds). */
  async function signAccess(userId: string, sessionId: string, issuedAt: number, expires: number): Promise<string> {
    return new SignJWT({ sid: sessionId })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(userId)
      .setIssuedAt(issuedAt)
      .setExpirationTime(expires)
      .sign(keys.jwt)
  }

  /** Stores a new refresh token of the family, valid until the session ends; only its hash is kept. */
  async function addRefreshToken(exec: Executor, userId: string, familyId: string, endsAt: Date): Promise<string> {
    const token = randomBytes(32).toString('base64url')
    await exec.insert(refreshTokens).values({ userId, familyId, tokenHash: sha256(token), expiresAt: endsAt, createdAt: new Date(now()) })
    return token
  }

  /** A refresh token, and an access token and a media token that expire together and never outlive the session. */
  async function issue(exec: Executor, userId: string, sessionId: string, endsAt: Date): Promise<IssuedTokens> {
    const issuedAt = Math.floor(now() / 1000)
    const expires = Math.min(issuedAt + settings.accessTokenTtlSeconds, Math.floor(endsAt.getTime() / 1000))
    const [refresh_token, access_token] = await Promise.all([
      addRefreshToken(exec, userId, sessionId, endsAt),
      signAccess(userId, sessionId, issuedAt, expires),
    ])
    return { access_token, media_token: mediaTokens.sign(userId, expires), refresh_token, sessionEndsAt: endsAt }
  }

  /** A new session (family) with its first refresh token and an access token for it; the login goes into the history. */
  async function startSession(exec: Executor, userId: string, meta: LoginMeta = {}): Promise<IssuedTokens> {
    const createdAt = new Date(now())
    const userAgent = meta.userAgent?.slice(0, USER_AGENT_MAX) ?? null
    const ip = meta.ip ?? null
    const [session] = await exec
      .insert(sessions)
      .values({ userId, createdAt, userAgent, ip, lastSeenAt: createdAt })
      .returning({ id: sessions.id })
    await exec.insert(loginHistory).values({ userId, sessionId: session!.id, userAgent, ip, createdAt })
    return issue(exec, userId, session!.id, sessionEnd(createdAt))
  }

  /** Notes that a session was used: called after a call of it succeeded (a refused call changes nothing); written at most once a minute per node. */
  async function touch(sessionId: string, at = now()): Promise<void> {
    if ((lastSeenWritten.get(sessionId) ?? 0) > at - LAST_SEEN_EVERY_MS) return
    if (lastSeenWritten.size >= SESSION_CACHE_MAX) lastSeenWritten.clear()
    lastSeenWritten.set(sessionId, at)
    await db
      .update(sessions)
      .set({ lastSeenAt: new Date(at) })
      .where(eq(sessions.id, sessionId))
  }

  /** The user's open sessions (not revoked, not past their end), most recently used first. */
  async function openSessionsOf(userId: string): Promise<StoredSession[]> {
    const started = new Date(now() - settings.maxAgeMs)
    return db
      .select({
        id: sessions.id,
        userAgent: sessions.userAgent,
        ip: sessions.ip,
        createdAt: sessions.createdAt,
        lastSeenAt: sessions.lastSeenAt,
      })
      .from(sessions)
      .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt), gt(sessions.createdAt, started)))
      .orderBy(desc(sql`coalesce(${sessions.lastSeenAt}, ${sessions.createdAt})`), desc(sessions.createdAt))
      .limit(200)
  }

  /** The user's latest logins, newest first. */
  async function loginsOf(userId: string, limit: number): Promise<StoredSession[]> {
    return db
      .select({
        id: loginHistory.id,
        userAgent: loginHistory.userAgent,
        ip: loginHistory.ip,
        createdAt: loginHistory.createdAt,
        lastSeenAt: loginHistory.createdAt,
      })
      .from(loginHistory)
      .where(eq(loginHistory.userId, userId))
      .orderBy(desc(loginHistory.createdAt))
      .limit(limit)
  }

  /** Ends one of the user's open sessions; false when it is no open session of theirs. */
  async function revokeOwnSession(userId: string, sessionId: string): Promise<boolean> {
    const [own] = await db
      .select({ id: sessions.id })
      .from(sessions)
      .where(and(eq(sessions.id, sessionId), eq(sessions.userId, userId), isNull(sessions.revokedAt)))
      .limit(1)
    if (!own) return false
    await revokeSession(sessionId)
    return true
  }

  /** Ends every open session of the user but `keep`; answers how many. */
  async function revokeOtherSessions(userId: string, keep: string): Promise<number> {
    const at = new Date(now())
    const ended = await db.transaction(async (tx) => {
      const gone = await tx
        .update(sessions)
        .set({ revokedAt: at })
        .where(and(eq(sessions.userId, userId), ne(sessions.id, keep), isNull(sessions.revokedAt)))
        .returning({ id: sessions.id })
      await tx
        .update(refreshTokens)
        .set({ revokedAt: at })
        .where(and(eq(refreshTokens.userId, userId), ne(refreshTokens.familyId, keep), isNull(refreshTokens.revokedAt)))
      return gone
    })
    for (const { id: sessionId } of ended) {
      forget({ sessionId })
      announce({ sessionId })
    }
    return ended.length
  }

  /** The token's subject, session and expiry when its signature and expiry hold. */
  async function verify(token: string, at: number): Promise<{ sub: string; sid: string; expiresAt: number } | null> {
    const known = verified.get(token)
    if (known) {
      if (known.expiresAt > at) return known
      verified.delete(token)
    }
    try {
      const { payload } = await jwtVerify(token, keys.jwt, { algorithms: ['HS256'], currentDate: new Date(at) })
      if (!payload.sub || typeof payload.sid !== 'string' || !payload.exp) return null
      if (verified.size >= SESSION_CACHE_MAX) verified.clear()
      const entry = { sub: payload.sub, sid: payload.sid, expiresAt: payload.exp * 1000 }
      verified.set(token, entry)
      return entry
    } catch {
      return null
    }
  }

  /**
   * The token's user and session when it is a valid access token of an open session, else null.
   * A verified session's 'open' verdict is cached for a few seconds unless `fresh` asks for the
   * database's word (a socket handshake); an unverified one is looked up every time, so the
   * verification counts at once.
   */
  async function authenticate(token: string, { fresh = false } = {}): Promise<AuthContext | null> {
    const at = now()
    const checked = await verify(token, at)
    if (!checked) return null
    const { sub, sid, expiresAt } = checked
    const cached = fresh ? undefined : openSessions.get(sid)
    if (cached && cached.until > at && cached.userId === sub) return { userId: sub, sessionId: sid, emailVerified: true, expiresAt }
    const [row] = await db
      .select({ emailVerified: users.emailVerified })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(and(eq(sessions.id, sid), eq(sessions.userId, sub), isNull(sessions.revokedAt)))
      .limit(1)
    if (!row) {
      openSessions.delete(sid)
      return null
    }
    const emailVerified = row.emailVerified === 1
    if (emailVerified) {
      if (openSessions.size >= SESSION_CACHE_MAX) openSessions.clear()
      openSessions.set(sid, { userId: sub, until: at + SESSION_CACHE_MS })
    }
    return { userId: sub, sessionId: sid, emailVerified, expiresAt }
  }

  /** Calls `listener` after every revocation (on this node) with what it ended. */
  function onRevoked(listener: (revoked: Revocation) => void): () => void {
    revocationListeners.add(listener)
    return () => revocationListeners.delete(listener)
  }
  function announce(revoked: Revocation) {
    for (const listener of revocationListeners) listener(revoked)
  }

  /** Drops this node's cached 'open' verdicts of a revoked session or user. */
  function forget(revoked: Revocation) {
    if ('sessionId' in revoked) openSessions.delete(revoked.sessionId)
    else for (const [sid, entry] of openSessions) if (entry.userId === revoked.userId) openSessions.delete(sid)
  }

  /** Ends a session: it and its refresh tokens are revoked, this node stops trusting it and its sockets are dropped. */
  async function revokeSession(sessionId: string): Promise<void> {
    const at = new Date(now())
    await db.transaction(async (tx) => {
      await tx
        .update(sessions)
        .set({ revokedAt: at })
        .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)))
      await tx
        .update(refreshTokens)
        .set({ revokedAt: at })
        .where(and(eq(refreshTokens.familyId, sessionId), isNull(refreshTokens.revokedAt)))
    })
    forget({ sessionId })
    announce({ sessionId })
  }

  /** Ends every session of a user inside the caller's transaction; call `forgetUser` once it commits. */
  async function revokeAllSessions(exec: Executor, userId: string): Promise<void> {
    const at = new Date(now())
    await exec
      .update(sessions)
      .set({ revokedAt: at })
      .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)))
    await exec
      .update(refreshTokens)
      .set({ revokedAt: at })
      .where(and(eq(refreshTokens.userId, userId), isNull(refreshTokens.revokedAt)))
  }

  /** After `revokeAllSessions` committed: this node stops trusting the user's sessions and every node drops their sockets. */
  function forgetUser(userId: string) {
    forget({ userId })
    announce({ userId })
  }

  /**
   * Spends a refresh token for a new pair, or answers null (unknown, revoked, expired, past the
   * session's end). Spending and storing the next token are one transaction. A token presented
   * again revokes its whole family, unless it is the one rotated last (no newer token of the family
   * was spent yet) and it comes back within the grace window: then it gets another valid pair (the
   * client lost the answer and retried, or two tabs refreshed at once).
   */
  async function rotate(refreshToken: string): Promise<IssuedTokens | null> {
    const at = now()
    const outcome = await db.transaction(async (tx): Promise<IssuedTokens | { reuse: string } | null> => {
      const [found] = await tx
        .select({ token: refreshTokens, sessionCreatedAt: sessions.createdAt, sessionRevokedAt: sessions.revokedAt })
        .from(refreshTokens)
        .innerJoin(sessions, eq(sessions.id, refreshTokens.familyId))
        .where(eq(refreshTokens.tokenHash, sha256(refreshToken)))
        .limit(1)
      if (!found) return null
      const { token } = found
      const endsAt = sessionEnd(found.sessionCreatedAt)
      if (token.revokedAt || found.sessionRevokedAt) return null
      if (endsAt.getTime() <= at || token.expiresAt.getTime() <= at) return null
      let usedAt = token.usedAt
      if (!usedAt) {
        const [spent] = await tx
          .update(refreshTokens)
          .set({ usedAt: new Date(at) })
          .where(and(eq(refreshTokens.id, token.id), isNull(refreshTokens.usedAt), isNull(refreshTokens.revokedAt)))
          .returning({ id: refreshTokens.id })
        if (spent) return issue(tx, token.userId, token.familyId, endsAt)
        // Another request spent it first (it has committed by now): judge it as a second use.
        const [again] = await tx.select({ usedAt: refreshTokens.usedAt }).from(refreshTokens).where(eq(refreshTokens.id, token.id))
        usedAt = again?.usedAt ?? null
        if (!usedAt) return null
      }
      if (at - usedAt.getTime() <= settings.refreshGraceMs && !(await spentSince(tx, token.familyId, usedAt))) {
        return issue(tx, token.userId, token.familyId, endsAt)
      }
      return { reuse: token.familyId }
    })
    if (outcome && 'reuse' in outcome) {
      await revokeSession(outcome.reuse)
      return null
    }
    return outcome
  }

  /** Whether a token of the family was spent after `usedAt` (the chain moved on). */
  async function spentSince(exec: Executor, familyId: string, usedAt: Date): Promise<boolean> {
    const [newer] = await exec
      .select({ id: refreshTokens.id })
      .from(refreshTokens)
      .where(and(eq(refreshTokens.familyId, familyId), gt(refreshTokens.usedAt, usedAt)))
      .limit(1)
    return Boolean(newer)
  }

  /** Deletes sessions that ended (revoked, or past their absolute lifetime) over a day ago, with their refresh tokens. */
  async function pruneEnded(): Promise<number> {
    const cutoff = now() - ENDED_SESSION_RETENTION_MS
    const deleted = await db
      .delete(sessions)
      .where(
        or(
          and(isNotNull(sessions.revokedAt), lt(sessions.revokedAt, new Date(cutoff))),
          lt(sessions.createdAt, new Date(cutoff - settings.maxAgeMs)),
        ),
      )
      .returning({ id: sessions.id })
    await db.delete(loginHistory).where(lt(loginHistory.createdAt, new Date(now() - LOGIN_HISTORY_RETENTION_MS)))
    for (const { id: sessionId } of deleted) lastSeenWritten.delete(sessionId)
    return deleted.length
  }

  /** Keyed hash of a one-time code, bound to its user and purpose. */
  function codeHash(userId: string, purpose: string, code: string): string {
    return createHmac('sha256', keys.otp).update(`${purpose}:${userId}:${code}`).digest('base64url')
  }
  function sameHash(a: string, b: string): boolean {
    const x = Buffer.from(a)
    const y = Buffer.from(b)
    return x.length === y.length && timingSafeEqual(x, y)
  }

  return {
    startSession,
    rotate,
    authenticate,
    revokeSession,
    revokeAllSessions,
    forgetUser,
    onRevoked,
    pruneEnded,
    codeHash,
    sameHash,
    touch,
    /** Another node revoked: this node stops trusting the session (or the user's sessions) at once. */
    forgetRevoked: forget,
    openSessionsOf,
    loginsOf,
    revokeOwnSession,
    revokeOtherSessions,
  }
}

export type TokenService = ReturnType<typeof createTokenService>

/** The token of an `Authorization: Bearer <token>` header (or a bare token), if any. */
export function bearerToken(header: string | undefined): string | undefined {
  if (!header) return undefined
  const m = /^\s*Bearer\s+(\S+)\s*$/i.exec(header)
  return m ? m[1] : undefined
}
