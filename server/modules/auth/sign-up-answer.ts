import { randomBytes, randomUUID } from 'node:crypto'
import { SignJWT } from 'jose'
import type { Language, RegisterBody, User } from '../../../contract'
import { createMediaTokens } from '../../auth/media-tokens'
import type { IssuedTokens } from '../../auth/tokens'
import type { Db } from '../../db/client'
import type { UserRow } from '../../db/schema'
import { type CustomerService, toUser } from '../customer'

/** Signs the stand-in access tokens: a key no other part of the server knows, so they open nothing. */
const STAND_IN_KEY = randomBytes(32)
const standInMedia = createMediaTokens(STAND_IN_KEY)

class RolledBack extends Error {}

/**
 * The answer to a sign-up with an address that already has an account: shaped exactly like a new
 * account's session (an unverified user with the name given, a fresh id and workid, an access and a
 * refresh token), so the answer does not tell whether the address is registered. Nothing is kept:
 * the account row is made in a transaction that is rolled back (same defaults, same work as a real
 * sign-up), and the tokens belong to no session, so any use of them gets a 401 like an ended session.
 * The address's owner is emailed instead (see the auth service).
 */
export async function standInSession(
  db: Db,
  customers: CustomerService,
  body: RegisterBody,
  lang: Language,
  passwordHash: string,
  sessionEndsAt: Date,
): Promise<IssuedTokens & { user: User }> {
  let row: UserRow | undefined
  await db
    .transaction(async (tx) => {
      row = await customers.createAccount(tx, { name: body.name, email: `${randomUUID()}@stand-in.invalid`, passwordHash, language: lang })
      throw new RolledBack()
    })
    .catch((err: unknown) => {
      if (!(err instanceof RolledBack)) throw err
    })
  const user = toUser({ ...row!, email: body.email })
  const expires = Math.floor(Date.now() / 1000) + 15 * 60
  const access_token = await new SignJWT({ sid: randomUUID() })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(user._id)
    .setIssuedAt()
    .setExpirationTime(expires)
    .sign(STAND_IN_KEY)
  const media_token = standInMedia.sign(user._id, expires)
  return { access_token, media_token, refresh_token: randomBytes(32).toString('base64url'), sessionEndsAt, user }
}
