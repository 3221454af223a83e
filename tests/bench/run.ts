/**
 * `npm run bench`: prints the foundation's figures.
 *  - initial JS (gzip) that Chromium loads to render /login, against the 120 KB budget;
 *  - cold start to healthy: fresh data dir (initdb + migrations) and warm restart, medians of 3;
 *  - login requests/s at 10 concurrent clients, beside GET /api/health at the same concurrency
 *    measured in the same run (the baseline: same server, no hashing, no database);
 *  - chat fan-out and chat render (chat-fanout.ts, chat-render.ts);
 *  - decode fairness: another user's image upload during one user's 20 parallel avatar uploads (decode-fairness.ts);
 *  - Lighthouse performance and LCP of the visitor pages on its mobile preset, against the goal
 *    (score >= 90, LCP < 2.5 s; lighthouse-mobile.ts).
 */
import { existsSync, mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { execSync, spawn } from 'node:child_process'
import { measurePageJs } from './bundle-size'
import { chatFanout } from './chat-fanout'
import { chatRender } from './chat-render'
import { decodeFairness } from './decode-fairness'
import { lighthouseMobile } from './lighthouse-mobile'
import { closedLoop, median, round } from './stats'
import { startServerProcess } from '../support/server-process'
import { SERVER_NODE_FLAGS } from '../../server/node-flags'

const PORT = Number(process.env.BENCH_PORT ?? 3200)
const BUDGET_GZIP = 120 * 1024

async function timeToHealthy(dataDir: string): Promise<number> {
  const t0 = performance.now()
  const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, '--import', 'tsx', 'server/main.ts'], {
    env: { ...process.env, PORT: String(PORT + 1), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
    stdio: 'ignore',
  })
  try {
    for (;;) {
      if (performance.now() - t0 > 60_000) throw new Error('server did not become healthy in 60 s')
      try {
        if ((await fetch(`http://127.0.0.1:${PORT + 1}/api/health`)).ok) return performance.now() - t0
      } catch {
        // not up yet
      }
      await new Promise((r) => setTimeout(r, 25))
    }
  } finally {
    await new Promise<void>((resolve) => {
      child.once('exit', () => resolve())
      child.kill('SIGTERM')
    })
  }
}

async function coldStart() {
  const fresh: number[] = []
  const warm: number[] = []
  for (let i = 0; i < 3; i++) {
    const dir = mkdtempSync(join(tmpdir(), 'workroom-bench-'))
    fresh.push(await timeToHealthy(dir))
    warm.push(await timeToHealthy(dir))
  }
  return {
    freshMedianMs: round(median(fresh), 0),
    warmMedianMs: round(median(warm), 0),
    fresh: fresh.map((n) => round(n, 0)),
    warm: warm.map((n) => round(n, 0)),
  }
}

async function loginThroughput(url: string) {
  const users = await Promise.all(
    Array.from({ length: 10 }, async (_, i) => {
      const email = `bench-${Date.now()}-${i}@example.com`
      const res = await fetch(`${url}/api/auth/register`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ name: `Bench ${i}`, email, password: 'bench-password-1' }),
      })
      if (!res.ok) throw new Error(`register failed: ${res.status} ${await res.text()}`)
      return { email, password: 'bench-password-1' }
    }),
  )
  const health = await closedLoop(10, 5, async () => (await fetch(`${url}/api/health`)).ok)
  const login = await closedLoop(10, 10, async (worker) => {
    const res = await fetch(`${url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(users[worker]),
    })
    await res.arrayBuffer()
    return res.ok
  })
  return { health, login, loginToHealthRatio: round(login.perSecond / health.perSecond, 3) }
}

async function main() {
  if (!existsSync('dist/index.html')) execSync('npx vite build', { stdio: 'inherit' })
  const server = await startServerProcess(PORT, {
    RATE_LIMIT_LOGIN: '1000000',
    RATE_LIMIT_LOGIN_IP: '1000000',
    RATE_LIMIT_REGISTER: '1000000',
    LOG_LEVEL: 'warn',
  })
  try {
    const bundle = await measurePageJs(server.url, '/login')
    console.log(
      `\n/login initial JS: ${bundle.scripts} scripts, ${bundle.rawBytes} B raw, ${bundle.gzipBytes} B gzip (${round(bundle.gzipBytes / 1024)} KB; budget 120 KB: ${bundle.gzipBytes <= BUDGET_GZIP ? 'within' : 'OVER'})`,
    )
    const load = await loginThroughput(server.url)
    console.log(
      `GET /api/health, 10 concurrent, ${load.health.seconds} s: ${load.health.perSecond} req/s, p50 ${load.health.p50} ms, p99 ${load.health.p99} ms, ${load.health.failures} failed`,
    )
    console.log(
      `POST /api/auth/login, 10 concurrent, ${load.login.seconds} s: ${load.login.perSecond} req/s, p50 ${load.login.p50} ms, p99 ${load.login.p99} ms, ${load.login.failures} failed`,
    )
    console.log(`login / health throughput ratio: ${load.loginToHealthRatio}`)
  } finally {
    await server.stop()
  }
  const start = await coldStart()
  console.log(`cold start to healthy, fresh data dir (initdb + migrations): median ${start.freshMedianMs} ms of ${start.fresh.join(', ')}`)
  console.log(`cold start to healthy, existing data dir: median ${start.warmMedianMs} ms of ${start.warm.join(', ')}`)
  await chatFanout()
  await chatRender()
  await decodeFairness()
  await lighthouseMobile()
}

await main()
