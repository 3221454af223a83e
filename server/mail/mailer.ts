import { eq, lt } from 'drizzle-orm'
import type { FastifyBaseLogger } from 'fastify'
import type { Transporter } from 'nodemailer'
import type { Db, Executor } from '../db/client'
import { outbox } from '../db/schema'

export interface OutgoingEmail {
  to: string
  subject: string
  text: string
  html: string
}

export interface MailerOptions {
  db: Db
  log: FastifyBaseLogger
  /** Base of the preview links (PUBLIC_URL); resolved once the port is known. */
  publicUrl: () => string
  smtpUrl?: string
  from: string
}

/**
 * Every email lands in the outbox table (readable at /email-preview/<id>) and is logged with its
 * preview link; with SMTP_URL it is also relayed, and sent_at records the delivery.
 */
export function createMailer(opts: MailerOptions) {
  let transport: Promise<Transporter> | undefined
  const smtp = () =>
    (transport ??= import('nodemailer').then(({ default: nodemailer }) => nodemailer.createTransport(opts.smtpUrl)))

  /** Writes the email to the outbox (inside the caller's transaction when given one). */
  async function store(exec: Executor, email: OutgoingEmail): Promise<string> {
    const [row] = await exec.insert(outbox).values(email).returning({ id: outbox.id })
    return row!.id
  }

  /** After the outbox row is committed: log the preview link and relay through SMTP in the background. */
  function dispatch(id: string, email: OutgoingEmail) {
    opts.log.info({ to: email.to, subject: email.subject, preview_url: `${opts.publicUrl()}/email-preview/${id}` }, 'email queued')
    if (!opts.smtpUrl) return
    void (async () => {
      try {
        const t = await smtp()
        await t.sendMail({ from: opts.from, ...email })
        await opts.db.update(outbox).set({ sentAt: new Date() }).where(eq(outbox.id, id))
      } catch (err) {
        opts.log.error({ err, to: email.to, outbox_id: id }, 'email delivery failed')
      }
    })()
  }

  async function send(exec: Executor, email: OutgoingEmail): Promise<string> {
    const id = await store(exec, email)
    dispatch(id, email)
    return id
  }

  /** Deletes outbox rows written before `before` (the scheduled cleanup); answers how many. */
  async function prune(before: Date): Promise<number> {
    return (await opts.db.delete(outbox).where(lt(outbox.createdAt, before)).returning({ id: outbox.id })).length
  }

  function close() {
    void transport?.then((t) => t.close())
  }

  return { store, dispatch, send, prune, close }
}

export type Mailer = ReturnType<typeof createMailer>
