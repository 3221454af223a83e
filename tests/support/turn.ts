import { execFileSync } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'

/** coturn on loopback for the relay-only call (tests/support/start-coturn.sh): its port and shared secret. */
export const TURN_PORT = Number(process.env.TURN_PORT ?? 3478)
export const TURN_SECRET = process.env.TURN_SECRET ?? 'workroom-ci-turn-secret'
export const TURN_AVAILABLE = existsSync('/usr/bin/turnserver')

/** Starts coturn when it is installed (kept running when one already answers); the ICE_SERVERS a server then hands out. */
export function startTurn(): string | null {
  if (!TURN_AVAILABLE) return null
  execFileSync('bash', ['tests/support/start-coturn.sh', TURN_SECRET, String(TURN_PORT)], { stdio: 'inherit' })
  return JSON.stringify([{ urls: [`turn:127.0.0.1:${TURN_PORT}?transport=udp`], secret: TURN_SECRET }])
}

/** Kills coturn at once (SIGKILL: its relays end without a goodbye), as a network blip on the relay path; startTurn() brings it back. */
export function killTurn(): void {
  const pidFile = path.join(process.env.TMPDIR ?? os.tmpdir(), 'workroom-coturn', 'pid')
  process.kill(Number(readFileSync(pidFile, 'utf8').trim()), 'SIGKILL')
}
