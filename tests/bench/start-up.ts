/**
 * Start-up: how long the server process `npm start` runs (package.json's `serve` script, spawned
 * as that command line with PORT and DATA_DIR set) takes from spawn to its first 200 from
 * /api/health, on a fresh data dir (the embedded database made from nothing or from the template)
 * and on the data dir the previous round left (an existing install). Rounds interleave fresh and
 * existing starts; the figures are medians against the goals (3 s fresh, 1.5 s existing). Beside
 * the wall time, the CPU time the process used by then (user + system, all threads, from
 * /proc/<pid>/stat), which the other load on a shared machine moves less.
 *
 * Timings on a shared machine follow its load: the load average is printed beside them. Where a
 * start's time goes: the server's "Workroom is running" log line (`start_up`: ms to the end of
 * each phase; `uptime_ms`: since the process began), or `node --cpu-prof build/server/main.js`.
 *
 * `node --import tsx tests/bench/start-up.ts` runs it alone; `BENCH_START_ROUNDS` (default 5).
 */
import { spawn } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { availableParallelism, loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { median, round } from './stats'
import { serveCommand } from '../support/server-process'

const PORT = Number(process.env.BENCH_START_PORT ?? 3330)
const ROUNDS = Number(process.env.BENCH_START_ROUNDS ?? 5)
export const START_GOALS_MS = { fresh: 3000, existing: 1500 }
const CLOCK_TICKS_PER_S = 100 // USER_HZ on Linux

/** user + system CPU time of a running process (all its threads), in ms; NaN off Linux. */
function cpuMs(pid: number): number {
  try {
    // Fields after the command name (which may hold spaces, hence after the last ')'): utime is the 14th field, stime the 15th.
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS_PER_S
  } catch {
    return NaN
  }
}

export interface StartFigure {
  wallMs: number
  cpuMs: number
}

/** Spawns the serve command on `dataDir` and polls /api/health every 20 ms until it answers 200. */
export async function timeToHealthy(dataDir: string, env: Record<string, string> = {}, argv?: string[]): Promise<StartFigure> {
  const [command, ...args] = argv ?? (await serveCommand())
  const t0 = performance.now()
  const child = spawn(command, args, {
    env: { ...process.env, PORT: String(PORT), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  })
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode} before it was healthy`)
      if (performance.now() - t0 > 60_000) throw new Error('the server was not healthy within 60 s')
      const ok = await fetch(`http://127.0.0.1:${PORT}/api/health`).then(
        (res) => res.ok,
        () => false,
      )
      if (ok) return { wallMs: performance.now() - t0, cpuMs: cpuMs(child.pid!) }
      await new Promise((resolve) => setTimeout(resolve, 20))
    }
  } finally {
    if (child.exitCode === null) {
      await new Promise<void>((resolve) => {
        child.once('exit', () => resolve())
        child.kill('SIGTERM')
      })
    }
  }
}

export interface StartUpResult {
  fresh: StartFigure[]
  existing: StartFigure[]
  freshMedianMs: number
  existingMedianMs: number
  freshCpuMedianMs: number
  existingCpuMedianMs: number
}

/** `rounds` interleaved pairs: a start on a new data dir, then a start on the same dir again. */
export async function startUp(rounds = ROUNDS): Promise<StartUpResult> {
  const fresh: StartFigure[] = []
  const existing: StartFigure[] = []
  const load = [loadavg()[0]]
  await serveCommand() // the server build, before the clock runs
  for (let i = 0; i < rounds; i++) {
    const dir = mkdtempSync(join(tmpdir(), 'workroom-bench-start-'))
    try {
      fresh.push(await timeToHealthy(dir))
      existing.push(await timeToHealthy(dir))
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  }
  load.push(loadavg()[0])
  const result = {
    fresh,
    existing,
    freshMedianMs: round(median(fresh.map((f) => f.wallMs)), 0),
    existingMedianMs: round(median(existing.map((f) => f.wallMs)), 0),
    freshCpuMedianMs: round(median(fresh.map((f) => f.cpuMs)), 0),
    existingCpuMedianMs: round(median(existing.map((f) => f.cpuMs)), 0),
  }
  const line = (label: string, medianMs: number, cpu: number, goal: number, all: StartFigure[]) =>
    console.log(
      `start-up to healthy, ${label}: median ${medianMs} ms (goal ${goal} ms: ${medianMs <= goal ? 'within' : 'OVER'}); ` +
        `CPU ${cpu} ms; rounds ${all.map((f) => round(f.wallMs, 0)).join(', ')} ms`,
    )
  console.log(
    `start-up: ${rounds} rounds of a fresh then an existing data dir; load average ${load.map((n) => n.toFixed(1)).join(' -> ')} on ${availableParallelism()} cores`,
  )
  line('fresh data dir', result.freshMedianMs, result.freshCpuMedianMs, START_GOALS_MS.fresh, fresh)
  line('existing data dir', result.existingMedianMs, result.existingCpuMedianMs, START_GOALS_MS.existing, existing)
  return result
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await startUp()
