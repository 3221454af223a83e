import { hash, verify } from '@node-rs/argon2'

/** argon2id (the library's default algorithm) with its default cost: m=19456 KiB, t=2, p=1. */
export const hashPassword = (password: string) => hash(password)

/**
 * A real hash of a random password with the same parameters: verifying against it when an email
 * is unknown costs the same time as a wrong password, so timing does not reveal accounts.
 */
const DUMMY_HASH = '$argon2id$v=19$m=19456,t=2,p=1$oWhgsac/4/HgUVGlu76wGw$BuSo5I1oBbHAMf4gwo7MaEU5CRS33fV0Bne/CBMk9LM'

export async function checkPassword(storedHash: string | undefined, password: string): Promise<boolean> {
  try {
    const ok = await verify(storedHash ?? DUMMY_HASH, password)
    return storedHash !== undefined && ok
  } catch {
    return false
  }
}
