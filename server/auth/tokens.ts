import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto'
import { and, eq, isNull } from 'drizzle-orm'
import { jwtVerify, SignJWT } from 'jose'
import type { Db, Executor } from '../db/client'
import { refreshTokens, sessions } from '../db/schema'

export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60
export const REFRESH_TOKEN_TTL_MS = 30 * 24 * 60 * 60 * 1000
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

export const sha256 = (value: string) => createHash('sha256').update(value).digest('base64url')

/**
 * Access tokens (HS256 JWT, 15 min, claims sub + sid), opaque refresh tokens and the check that
 * an access token's session is still open.
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

  /** Keyed hash of a one-time code, bound to its user and purpose. */
  function codeHash(userId: string, purpose: string, code: string): string {
    return createHmac('sha256', secret).update(`${purpose}:${userId}:${code}`).digest('base64url')
  }
  function sameHash(a: string, b: string): boolean {
    const x = Buffer.from(a)
    const y = Buffer.from(b)
    return x.length === y.length && timingSafeEqual(x, y)
  }

  return { signAccess, addRefreshToken, startSession, authenticate, forgetSession, forgetUser, codeHash, sameHash }
}

export type TokenService = ReturnType<typeof createTokenService>

/** The token of an `Authorization: Bearer <token>` header (or a bare token), if any. */
export function bearerToken(header: string | undefined): string | undefined {
  if (!header) return undefined
  const m = /^\s*Bearer\s+(\S+)\s*$/i.exec(header)
  return m ? m[1] : undefined
}
