import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto'
import { and, eq, isNull } from 'drizzle-orm'
import { jwtVerify, SignJWT } from 'jose'
import type { Db, Executor } from '../db/client'
import { refreshTokens, sessions } from '../db/schema'

const ACCESS_TOKEN_TTL_SECONDS = 15 * 60
const REFRESH_TOKEN_TTL_MS = 30 * 24 * 60 * 60 * 1000
/** How long this node trusts that a session it has checked is still open (revocations on this node apply at once). */
const SESSION_CACHE_MS = 5_000
const SESSION_CACHE_MAX = 50_000

export interface AuthContext {
  userId: string
  /** The session (refresh-token family) the access token belongs to. */
  sessionId: string
}

export interface IssuedTokens {
  access_token: string
  refresh_token: string
}

const sha256 = (value: string) => createHash('sha256').update(value).digest('base64url')

/**
 * Sessions: access tokens (HS256 JWT, 15 min, claims sub + sid), opaque refresh tokens (rotated,
 * reuse revokes the family) and the check that an access token's session is still open. The only
 * writer of the sessions and refresh_tokens tables.
 */
export function createTokenService(db: Db, secret: Uint8Array) {
  const openSessions = new Map<string, { userId: string; until: number }>()
  /** Access tokens whose signature was checked, until they expire: a busy client is verified once. */
  const verified = new Map<string, { sub: string; sid: string; expiresAt: number }>()

  async function signAccess(userId: string, sessionId: string): Promise<string> {
    return new SignJWT({ sid: sessionId })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(userId)
      .setIssuedAt()
      .setExpirationTime(`${ACCESS_TOKEN_TTL_SECONDS}s`)
      .sign(secret)
  }

  /** Stores a new refresh token in the family and returns it; only its hash is kept. */
  async function addRefreshToken(exec: Executor, userId: string, familyId: string): Promise<string> {
    const token = randomBytes(32).toString('base64url')
    await exec.insert(refreshTokens).values({
      userId,
      familyId,
      tokenHash: sha256(token),
      expiresAt: new Date(Date.now() + REFRESH_TOKEN_TTL_MS),
    })
    return token
  }

  /** A new session (family) with its first refresh token and an access token for it. */
  async function startSession(exec: Executor, userId: string): Promise<IssuedTokens> {
    const [session] = await exec.insert(sessions).values({ userId }).returning({ id: sessions.id })
    const [refresh_token, access_token] = await Promise.all([
      addRefreshToken(exec, userId, session!.id),
      signAccess(userId, session!.id),
    ])
    return { access_token, refresh_token }
  }

  /** The token's subject and session when its signature and expiry hold. */
  async function verify(token: string, now: number): Promise<{ sub: string; sid: string } | null> {
    const known = verified.get(token)
    if (known) {
      if (known.expiresAt > now) return known
      verified.delete(token)
    }
    try {
      const { payload } = await jwtVerify(token, secret, { algorithms: ['HS256'] })
      if (!payload.sub || typeof payload.sid !== 'string' || !payload.exp) return null
      if (verified.size >= SESSION_CACHE_MAX) verified.clear()
      const entry = { sub: payload.sub, sid: payload.sid, expiresAt: payload.exp * 1000 }
      verified.set(token, entry)
      return entry
    } catch {
      return null
    }
  }

  /** The token's user and session when it is a valid access token of an open session, else null. */
  async function authenticate(token: string): Promise<AuthContext | null> {
    const now = Date.now()
    const checked = await verify(token, now)
    if (!checked) return null
    const { sub, sid } = checked
    const cached = openSessions.get(sid)
    if (cached && cached.until > now && cached.userId === sub) return { userId: sub, sessionId: sid }
    const [row] = await db
      .select({ id: sessions.id })
      .from(sessions)
      .where(and(eq(sessions.id, sid), eq(sessions.userId, sub), isNull(sessions.revokedAt)))
      .limit(1)
    if (!row) {
      openSessions.delete(sid)
      return null
    }
    if (openSessions.size >= SESSION_CACHE_MAX) openSessions.clear()
    openSessions.set(sid, { userId: sub, until: now + SESSION_CACHE_MS })
    return { userId: sub, sessionId: sid }
  }

  /** Drops the cached 'open' verdicts, after a revocation. */
  function forgetSession(sessionId: string) {
    openSessions.delete(sessionId)
  }
  function forgetUser(userId: string) {
    for (const [sid, entry] of openSessions) if (entry.userId === userId) openSessions.delete(sid)
  }

  /** Ends a session: it and its refresh tokens are revoked, and this node stops trusting it at once. */
  async function revokeSession(sessionId: string): Promise<void> {
    const now = new Date()
    await db.update(sessions).set({ revokedAt: now }).where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)))
    await db
      .update(refreshTokens)
      .set({ revokedAt: now })
      .where(and(eq(refreshTokens.familyId, sessionId), isNull(refreshTokens.revokedAt)))
    forgetSession(sessionId)
  }

  /** Ends every session of a user inside the caller's transaction; call `forgetUser` once it commits. */
  async function revokeAllSessions(exec: Executor, userId: string): Promise<void> {
    const now = new Date()
    await exec.update(sessions).set({ revokedAt: now }).where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)))
    await exec
      .update(refreshTokens)
      .set({ revokedAt: now })
      .where(and(eq(refreshTokens.userId, userId), isNull(refreshTokens.revokedAt)))
  }

  /**
   * Spends a refresh token for a new pair, or answers null (unknown, revoked, expired). A token that
   * was already spent revokes its whole family.
   */
  async function rotate(refreshToken: string): Promise<IssuedTokens | null> {
    const [found] = await db
      .select({ token: refreshTokens, sessionRevokedAt: sessions.revokedAt })
      .from(refreshTokens)
      .innerJoin(sessions, eq(sessions.id, refreshTokens.familyId))
      .where(eq(refreshTokens.tokenHash, sha256(refreshToken)))
      .limit(1)
    if (!found) return null
    const { token } = found
    if (token.revokedAt || found.sessionRevokedAt) return null
    if (token.usedAt) {
      await revokeSession(token.familyId)
      return null
    }
    if (token.expiresAt.getTime() <= Date.now()) return null
    const [spent] = await db
      .update(refreshTokens)
      .set({ usedAt: new Date() })
      .where(and(eq(refreshTokens.id, token.id), isNull(refreshTokens.usedAt), isNull(refreshTokens.revokedAt)))
      .returning({ id: refreshTokens.id })
    if (!spent) {
      // Lost a race with another use of the same token: that is reuse too.
      await revokeSession(token.familyId)
      return null
    }
    const [refresh_token, access_token] = await Promise.all([addRefreshToken(db, token.userId, token.familyId), signAccess(token.userId, token.familyId)])
    return { access_token, refresh_token }
  }

  /** Keyed hash of a one-time code, bound to its user and purpose. */
  function codeHash(userId: string, purpose: string, code: string): string {
    return createHmac('sha256', secret).update(`${purpose}:${userId}:${code}`).digest('base64url')
  }
  function sameHash(a: string, b: string): boolean {
    const x = Buffer.from(a)
    const y = Buffer.from(b)
    return x.length === y.length && timingSafeEqual(x, y)
  }

  return { startSession, rotate, authenticate, revokeSession, revokeAllSessions, forgetUser, codeHash, sameHash }
}

export type TokenService = ReturnType<typeof createTokenService>

/** The token of an `Authorization: Bearer <token>` header (or a bare token), if any. */
export function bearerToken(header: string | undefined): string | undefined {
  if (!header) return undefined
  const m = /^\s*Bearer\s+(\S+)\s*$/i.exec(header)
  return m ? m[1] : undefined
}
