import { readFileSync } from 'node:fs'
import { availableParallelism } from 'node:os'
import { hash, verify } from '@node-rs/argon2'
import pLimit from 'p-limit'

/**
 * At most one argon2 computation per core at a time (each takes 19 MiB and the libuv thread pool
 * that file I/O shares); the rest wait their turn, so a login flood queues instead of piling up.
 */
const hashing = pLimit(availableParallelism())

/** argon2id (the library's default algorithm) with its default cost: m=19456 KiB, t=2, p=1. */
export const hashPassword = (password: string) => hashing(() => hash(password))

/**
 * A real hash of a random password with the same parameters: verifying against it when an email
 * is unknown costs the same time as a wrong password, so timing does not reveal accounts.
 */
const DUMMY_HASH = '$argon2id$v=19$m=19456,t=2,p=1$oWhgsac/4/HgUVGlu76wGw$BuSo5I1oBbHAMf4gwo7MaEU5CRS33fV0Bne/CBMk9LM'

export async function checkPassword(storedHash: string | undefined, password: string): Promise<boolean> {
  try {
    const ok = await hashing(() => verify(storedHash ?? DUMMY_HASH, password))
    return storedHash !== undefined && ok
  } catch {
    return false
  }
}

let common: ReadonlySet<string> | undefined

/**
 * One of the 10,000 passwords seen most often in breaches (common-passwords.txt; where it comes from
 * is in common-passwords.LICENSE.txt), compared without case. Loaded on first use.
 */
export function isCommonPassword(password: string): boolean {
  common ??= new Set(
    readFileSync(new URL('./common-passwords.txt', import.meta.url), 'utf8')
      .split('\n')
      .filter(Boolean),
  )
  return common.has(password.toLowerCase())
}
