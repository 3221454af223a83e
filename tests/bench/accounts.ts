/**
 * The bench's API calls and accounts. The server refuses most signed-in calls until the account's
 * email is verified, so `signUp` registers and then verifies with the code the server emailed:
 * without SMTP_URL, outside production, the server logs each email ('email queued', with `to` and
 * `preview_url`, at info level) and shows it at /email-preview/<id>.
 */
import { randomUUID } from 'node:crypto'
import { readFile } from 'node:fs/promises'
import type { RunningServer } from '../support/server-process'

export const BENCH_PASSWORD = 'bench-password-1'
/** How long the 'email queued' line may take to reach the log file after register answered. */
const EMAIL_LOG_TIMEOUT_MS = 30_000

/** POST (or GET) /api/<path> as JSON; returns `result`, throws on a non-2xx answer. */
export async function api<T>(base: string, path: string, opts: { token?: string; body?: unknown; method?: string } = {}): Promise<T> {
  const method = opts.method ?? (opts.body === undefined ? 'GET' : 'POST')
  const headers: Record<string, string> = {}
  if (opts.token) headers.authorization = `Bearer ${opts.token}`
  if (opts.body !== undefined) headers['content-type'] = 'application/json'
  const res = await fetch(`${base}/api/${path}`, { method, headers, body: opts.body === undefined ? undefined : JSON.stringify(opts.body) })
  const text = await res.text()
  if (!res.ok) throw new Error(`${method} /api/${path}: ${res.status} ${text.slice(0, 300)}`)
  return (JSON.parse(text) as { result: T }).result
}

export interface BenchUser {
  userId: string
  /** The name the account was registered with ('Bench <tag>'). */
  name: string
  email: string
  password: string
  accessToken: string
}

/** A new account with its email verified, on `server` (which must log at info level, see BENCH_SERVER_ENV). */
export async function signUp(server: RunningServer, tag: string): Promise<BenchUser> {
  const email = `bench-${tag}-${randomUUID().slice(0, 12)}@example.com`
  const name = `Bench ${tag}`
  const result = await api<{ access_token: string; user: { _id: string } }>(server.url, 'auth/register', {
    body: { name, email, password: BENCH_PASSWORD },
  })
  const code = await emailedCode(server, email)
  await api(server.url, 'auth/verify-email', { body: { email, code } })
  return { userId: result.user._id, name, email, password: BENCH_PASSWORD, accessToken: result.access_token }
}

interface EmailLogLine {
  msg?: string
  to?: string
  preview_url?: string
}

/** The 6-digit code of the newest email to `to`: its preview link from the server's log, the code from that page. */
async function emailedCode(server: RunningServer, to: string): Promise<string> {
  const preview = await previewUrl(server.logFile, to)
  const res = await fetch(preview)
  const page = await res.text()
  if (!res.ok) throw new Error(`GET ${preview}: ${res.status}`)
  const body = /<pre data-testid="body">([\s\S]*?)<\/pre>/.exec(page)?.[1] ?? ''
  const code = /\b\d{6}\b/.exec(body)?.[0]
  if (!code) throw new Error(`no 6-digit code in the email at ${preview}`)
  return code
}

/** One JSON log line; none for a line still being written. */
function parseLine(line: string): EmailLogLine[] {
  try {
    return [JSON.parse(line) as EmailLogLine]
  } catch {
    return []
  }
}

async function previewUrl(logFile: string, to: string): Promise<string> {
  const deadline = Date.now() + EMAIL_LOG_TIMEOUT_MS
  while (Date.now() < deadline) {
    const found = (await readFile(logFile, 'utf8'))
      .split('\n')
      .filter((line) => line.includes('"email queued"'))
      .flatMap(parseLine)
      .filter((line) => line.msg === 'email queued' && line.to === to && line.preview_url)
      .pop()
    if (found?.preview_url) return found.preview_url
    await new Promise((r) => setTimeout(r, 100))
  }
  throw new Error(
    `no 'email queued' line for ${to} in ${logFile} within ${EMAIL_LOG_TIMEOUT_MS / 1000} s: the bench needs LOG_LEVEL=info, no SMTP_URL and NODE_ENV other than production`,
  )
}
