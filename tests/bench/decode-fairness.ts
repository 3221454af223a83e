/**
 * Decode fairness (security-2 finding 8, the review's G10): one user sends 20 parallel avatar
 * uploads; meanwhile another user uploads a 64 px image (POST media/upload), and the time of that
 * upload is compared with the same upload alone, in interleaved rounds (BENCH_ROUNDS, 7 by default;
 * medians), on a server of its own process. Floods: 20 x a 24 MP PNG (G10: refused from its header,
 * past the avatar's 16 MP), 20 x a 15 MP PNG (decoded: at most three, the upload slots), and as the
 * control 20 parallel plain calls (GET customer/user-info), the cost of any burst of requests. Each
 * flood is written from pre-built requests over raw sockets, so the bench's own work stays small.
 * The goal: the other user's upload at most 1.5x slower during the avatar floods. On a busy shared
 * machine even the control slows it down more than that: each flood is also given as a ratio to the
 * control's figure of the same run.
 */
import { connect } from 'node:net'
import { pathToFileURL } from 'node:url'
import { startServerProcess } from '../support/server-process'
import { api, signUp } from './accounts'
import { BENCH_SERVER_ENV } from './chat-fanout'
import { median, round } from './stats'
import { picture } from '../support/pictures'

const PORT = Number(process.env.BENCH_DECODE_PORT ?? 3320)
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 7)
const GOAL = 1.5

/** `count` copies of a pre-built request, each on its own socket at once; answers the statuses. */
function burst(port: number, request: Buffer, count = 20): Promise<number[]> {
  return Promise.all(
    Array.from(
      { length: count },
      () =>
        new Promise<number>((resolve) => {
          const socket = connect(port, '127.0.0.1')
          socket.on('error', () => resolve(0))
          socket.once('data', (data) => {
            resolve(Number(data.toString('latin1').slice(9, 12)))
            socket.destroy()
          })
          socket.write(request)
        }),
    ),
  )
}

function multipart(path: string, token: string, fields: Record<string, string>, file: Buffer): { head: string; body: Buffer } {
  const boundary = 'bench-boundary-0123456789'
  const parts = Object.entries(fields).map(([k, v]) => `--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`)
  const body = Buffer.concat([
    Buffer.from(
      `${parts.join('')}--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="f.png"\r\nContent-Type: image/png\r\n\r\n`,
    ),
    file,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ])
  return {
    head:
      `POST /api/${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${token}\r\n` +
      `Content-Type: multipart/form-data; boundary=${boundary}\r\nContent-Length: ${body.length}\r\n\r\n`,
    body,
  }
}

export async function decodeFairness(): Promise<void> {
  const server = await startServerProcess(PORT, BENCH_SERVER_ENV)
  try {
    const [flooder, other] = await Promise.all([signUp(server, 'flooder'), signUp(server, 'other')])
    const channel = await api<{ _id: string }>(server.url, 'channel/create', {
      token: other.accessToken,
      body: { name: 'Bench', is_public: true },
    })
    const [general] = await api<{ _id: string }[]>(server.url, `topic-in-channel?channel_id=${channel._id}`, { token: other.accessToken })
    const [g10, decodable, small] = await Promise.all([picture(6000, 4000), picture(4500, 3333), picture(64, 64)])

    const avatarFlood = (bytes: Buffer) => {
      const { head, body } = multipart('customer/avatar', flooder.accessToken, {}, bytes)
      return Buffer.concat([Buffer.from(head), body])
    }
    const floods = {
      'G10: 20 x 24 MP avatars': avatarFlood(g10),
      '20 x 15 MP avatars (decoded)': avatarFlood(decodable),
      'control: 20 plain calls': Buffer.from(
        `GET /api/customer/user-info HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${flooder.accessToken}\r\n\r\n`,
      ),
    }
    /** The other user's image upload, over one socket; ms until its answer. */
    const upload = multipart('media/upload', other.accessToken, { topic_id: general!._id }, small)
    const timedUpload = async () => {
      const t0 = performance.now()
      const [status] = await burst(PORT, Buffer.concat([Buffer.from(upload.head), upload.body]), 1)
      if (status !== 200) throw new Error(`the other user's upload answered ${status}`)
      return performance.now() - t0
    }

    for (let i = 0; i < 3; i++) await timedUpload() // warm-up: sharp loads on the first image
    const alone: number[] = []
    const during: Record<string, number[]> = Object.fromEntries(Object.keys(floods).map((name) => [name, []]))
    const answers: Record<string, number[]> = Object.fromEntries(Object.keys(floods).map((name) => [name, []]))
    for (let r = 0; r < ROUNDS; r++) {
      alone.push(await timedUpload())
      for (const [name, request] of Object.entries(floods)) {
        const flooding = burst(PORT, request)
        during[name]!.push(await timedUpload())
        answers[name]!.push(...(await flooding))
        alone.push(await timedUpload())
      }
    }
    const base = median(alone)
    const control = median(during['control: 20 plain calls']!)
    console.log(`\ndecode fairness, ${ROUNDS} interleaved rounds: the other user's 64 px image upload, median ${round(base, 0)} ms alone`)
    for (const [name, times] of Object.entries(during)) {
      const ratio = median(times) / base
      const toControl = name.startsWith('control') ? '' : `, ${round(median(times) / control, 2)}x the control's`
      const counts = Object.entries(answers[name]!.reduce<Record<number, number>>((n, s) => ({ ...n, [s]: (n[s] ?? 0) + 1 }), {}))
        .map(([s, n]) => `${n} x ${s}`)
        .join(', ')
      const verdict = name.startsWith('control') ? '' : ratio <= GOAL ? ` (goal <= ${GOAL}x: met)` : ` (goal <= ${GOAL}x: NOT met)`
      console.log(
        `  during ${name}: median ${round(median(times), 0)} ms, ${round(ratio, 2)}x${verdict}${toControl}; flood answers ${counts}`,
      )
    }
  } finally {
    await server.stop()
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await decodeFairness()
