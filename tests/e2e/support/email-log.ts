import { readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

/** One pointer per e2e port, so runs on different ports (several checkouts) do not read each other's log. */
export const SERVER_LOG_POINTER = join(tmpdir(), `workroom-e2e-server-log-path-${process.env.E2E_PORT ?? 3100}`)

interface EmailLogLine {
  msg?: string
  to?: string
  subject?: string
  preview_url?: string
}

/**
 * The preview URL of the newest email the server queued for this address (read from its log), or of
 * the newest whose subject matches (forgot-password and resend-code mail after answering).
 */
export async function latestEmailPreview(to: string, subject?: RegExp, timeoutMs = 10_000): Promise<string> {
  const logFile = readFileSync(SERVER_LOG_POINTER, 'utf8').trim()
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline) {
    const lines = readFileSync(logFile, 'utf8').split('\n')
    const found = lines
      .flatMap((line): EmailLogLine[] => {
        try {
          return [JSON.parse(line) as EmailLogLine]
        } catch {
          return []
        }
      })
      .filter((l) => l.msg === 'email queued' && l.to === to && l.preview_url && (!subject || subject.test(l.subject ?? '')))
      .pop()
    if (found?.preview_url) return found.preview_url
    await new Promise((r) => setTimeout(r, 200))
  }
  throw new Error(`no email for ${to} in the server log`)
}
