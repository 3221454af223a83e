import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { outbox } from '../../server/db/schema'
import type { OutgoingEmail } from '../../server/mail/mailer'
import { startFakeSmtp } from './fake-smtp'
import { startTestServer, type TestServer } from './harness'

/**
 * Attachments in the mail layer (server/mail/mailer.ts): an email's files are kept in its outbox
 * row, shown on /email-preview, relayed through SMTP as MIME attachments, and redacted from the
 * row with the body once delivered.
 */
const ICS = [
  'BEGIN:VCALENDAR',
  'VERSION:2.0',
  'BEGIN:VEVENT',
  'UID:test@workroom',
  'DTSTART:20270301T020000Z',
  'END:VEVENT',
  'END:VCALENDAR',
].join('\r\n')
const email = (to: string): OutgoingEmail => ({
  to,
  subject: 'Confirmed: Intro call',
  text: 'See the attached invite.',
  html: '<p>See the attached invite.</p>',
  attachments: [{ filename: 'invite.ics', contentType: 'text/calendar; charset=utf-8; method=PUBLISH', content: ICS }],
})

describe('email attachments', () => {
  let local: TestServer
  beforeAll(async () => {
    local = await startTestServer()
  })
  afterAll(async () => {
    await local?.stop()
  })

  it('without SMTP: the outbox row keeps them and /email-preview shows them (escaped)', async () => {
    const mail = email('local@example.test')
    const id = await local.ctx.mailer.store(local.ctx.db, mail)
    local.ctx.mailer.dispatch(id, mail)
    const [row] = await local.ctx.db.select().from(outbox).where(eq(outbox.id, id))
    expect(row!.attachments).toEqual(mail.attachments)
    const page = await (await fetch(`${local.url}/email-preview/${id}`)).text()
    expect(page).toContain('<h2 data-testid="attachment-name">invite.ics (text/calendar; charset=utf-8; method=PUBLISH)</h2>')
    expect(page).toContain('DTSTART:20270301T020000Z')
    // An email without any has none.
    const plain = await local.ctx.mailer.store(local.ctx.db, { to: 'local@example.test', subject: 's', text: 't', html: 'h' })
    expect((await local.ctx.db.select().from(outbox).where(eq(outbox.id, plain)))[0]!.attachments).toBeNull()
  })

  it('with SMTP_URL: sent as a MIME attachment, then redacted from the outbox with the body', async () => {
    const smtp = await startFakeSmtp()
    const { received } = smtp
    const relay = await startTestServer({ smtpUrl: smtp.url })
    try {
      const mail = email('relayed@example.test')
      const id = await relay.ctx.mailer.store(relay.ctx.db, mail)
      relay.ctx.mailer.dispatch(id, mail)
      await relay.ctx.mailer.settled()
      expect(received).toHaveLength(1)
      const message = received[0]!
      expect(message).toMatch(/Content-Type: multipart\/mixed/i)
      expect(message).toMatch(/Content-Disposition: attachment; filename=invite\.ics/i)
      expect(message).toMatch(/Content-Type: text\/calendar; charset=utf-8; method=PUBLISH/i)
      // The part's body, in whatever transfer encoding nodemailer chose, is the file.
      const part = message.split(/Content-Disposition: attachment; filename=invite\.ics/i)[1]!
      const body = part.split(/\n\n/)[1]!.split(/\n--/)[0]!
      const encoding = /Content-Transfer-Encoding: (\S+)/i.exec(message.slice(message.search(/Content-Type: text\/calendar/i)))?.[1]
      const decoded =
        encoding?.toLowerCase() === 'base64'
          ? Buffer.from(body.replace(/\s/g, ''), 'base64').toString()
          : body.replace(/=\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)))
      expect(decoded.replace(/\r?\n/g, '\r\n').trim()).toBe(ICS)
      const [row] = await relay.ctx.db.select().from(outbox).where(eq(outbox.id, id))
      expect(row!.sentAt).toBeInstanceOf(Date)
      expect(row!.attachments).toBeNull()
    } finally {
      await relay.stop()
      smtp.close()
    }
  })
})
