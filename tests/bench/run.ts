/**
 * `npm run bench`: prints the foundation's figures.
 *  - initial JS (gzip) that Chromium loads to render /login and /chat signed in, against the goals
 *    (120 KB, 200 KB; bundle-size.ts);
 *  - start-up to healthy of `npm start`'s server process, on a fresh and an existing data dir
 *    (start-up.ts), against the goals (3 s, 1.5 s);
 *  - login requests/s at 10 concurrent clients, beside GET /api/health at the same concurrency
 *    measured in the same run (the baseline: same server, no hashing, no database);
 *  - chat fan-out and chat render (chat-fanout.ts, chat-render.ts);
 *  - presence: the server's CPU for 1,000 connected people's presence changes (online, away, active,
 *    offline), per change and at the realistic rate, against the goal (under 5 % of one core; presence.ts);
 *  - thread and reaction cost: the server's CPU per delivery of a thread reply to a root with reactions vs a
 *    plain message to 50 receivers, and per page read of 20 messages with reactions and threads vs plain
 *    ones, against the goal (<= 1.2x; thread-reaction-cost.ts);
 *  - decode fairness: another user's image upload during one user's 20 parallel avatar uploads (decode-fairness.ts);
 *  - SFU forwarding: forwarded video streams per core of the embedded SFU and of Janus with 4, 8 and
 *    12 participants (sfu-forwarding.ts);
 *  - call set-up: a 1:1 video call in Chromium from the caller's click to the first remote frame, and
 *    from the callee's answer to it, p50 and p95 of 10 calls against the goals (3 s, 2 s; call-setup.ts);
 *  - Lighthouse performance and LCP of the visitor pages on its mobile preset, against the goal
 *    (score >= 90, LCP < 2.5 s; lighthouse-mobile.ts).
 */
import { execSync } from 'node:child_process'
import { bundleSize } from './bundle-size'
import { callSetup } from './call-setup'
import { chatFanout } from './chat-fanout'
import { chatRender } from './chat-render'
import { decodeFairness } from './decode-fairness'
import { lighthouseMobile } from './lighthouse-mobile'
import { presenceBench } from './presence'
import { sfuForwarding } from './sfu-forwarding'
import { startUp } from './start-up'
import { threadReactionCost } from './thread-reaction-cost'
import { closedLoop, round } from './stats'
import { startServerProcess } from '../support/server-process'

const PORT = Number(process.env.BENCH_PORT ?? 3200)

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
  // What `npm start` builds (nothing when it is up to date).
  execSync('npm run build', { stdio: 'inherit' })
  await bundleSize()
  const server = await startServerProcess(PORT, {
    RATE_LIMIT_LOGIN: '1000000',
    RATE_LIMIT_LOGIN_IP: '1000000',
    RATE_LIMIT_REGISTER: '1000000',
    LOG_LEVEL: 'warn',
  })
  try {
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
  await startUp()
  await chatFanout()
  await presenceBench()
  await threadReactionCost()
  await chatRender()
  await decodeFairness()
  await sfuForwarding()
  await callSetup()
  await lighthouseMobile()
}

await main()
