import { eq, sql } from 'drizzle-orm'
import type { AccountLimits } from '../../config'
import type { Executor } from '../../db/client'
import { authLimits, users } from '../../db/schema'

const HOUR_MS = 60 * 60_000
const DAY_MS = 24 * HOUR_MS

/** One account's budget of emailed codes and wrong checks (a row of auth_limits). */
export interface AccountBudget {
  codesSince: Date
  codesSent: number
  failuresSince: Date
  failures: number
  lockedUntil: Date | null
  locks: number
}

export const isLocked = (budget: AccountBudget, now: Date) => budget.lockedUntil !== null && budget.lockedUntil > now

/** The budget after one more emailed code, or null when the hour's codes are spent or checks are locked. */
export function spendCode(budget: AccountBudget, now: Date, limits: AccountLimits): AccountBudget | null {
  if (isLocked(budget, now)) return null
  const newHour = now.getTime() - budget.codesSince.getTime() >= HOUR_MS
  const sent = newHour ? 0 : budget.codesSent
  if (sent >= limits.codesPerHour) return null
  return { ...budget, codesSince: newHour ? now : budget.codesSince, codesSent: sent + 1 }
}

/**
 * The budget after a wrong check. The day's last allowed one locks code checks: the first lock
 * lasts `lockMinutes`, each next one twice the one before (at most a day), and a new day's budget
 * starts when the lock does.
 */
export function afterWrongCode(budget: AccountBudget, now: Date, limits: AccountLimits): AccountBudget {
  const newDay = now.getTime() - budget.failuresSince.getTime() >= DAY_MS
  const failures = (newDay ? 0 : budget.failures) + 1
  if (failures < limits.failedChecksPerDay) return { ...budget, failures, failuresSince: newDay ? now : budget.failuresSince }
  const lockMs = Math.min(limits.lockMinutes * 60_000 * 2 ** budget.locks, DAY_MS)
  return { ...budget, failures: 0, failuresSince: now, lockedUntil: new Date(now.getTime() + lockMs), locks: budget.locks + 1 }
}

/** A right code clears the wrong checks and the lock history. */
export const afterRightCode = (budget: AccountBudget): AccountBudget => ({ ...budget, failures: 0, lockedUntil: null, locks: 0 })

/** The budget of an account that has no row yet (or of an id no account has). */
const freshBudget = (now: Date): AccountBudget => ({
  codesSince: now,
  codesSent: 0,
  failuresSince: now,
  failures: 0,
  lockedUntil: null,
  locks: 0,
})

/**
 * The account's budget, row-locked until the caller's transaction ends: concurrent requests for
 * one account take turns, on every node. For an id no account has, the same two statements find
 * nothing to insert or lock, and answer a fresh budget (an unknown address costs what a real one does).
 */
export async function lockBudget(tx: Executor, userId: string, now: Date): Promise<AccountBudget> {
  const at = now.toISOString()
  await tx.execute(sql`
    insert into ${authLimits} (user_id, codes_since, codes_sent, failures_since, failures, locked_until, locks)
    select ${users.id}, ${at}::timestamptz, 0, ${at}::timestamptz, 0, null, 0 from ${users} where ${users.id} = ${userId}
    on conflict do nothing`)
  const [row] = await tx.select().from(authLimits).where(eq(authLimits.userId, userId)).for('update')
  return row ?? freshBudget(now)
}

/** Stores the budget's fields (only those: a row read from the table and a fresh budget write the same statement). */
export async function saveBudget(tx: Executor, userId: string, budget: AccountBudget): Promise<void> {
  const { codesSince, codesSent, failuresSince, failures, lockedUntil, locks } = budget
  await tx
    .update(authLimits)
    .set({ codesSince, codesSent, failuresSince, failures, lockedUntil, locks })
    .where(eq(authLimits.userId, userId))
}
