import { eq, lt } from 'drizzle-orm'
import type { FastifyBaseLogger } from 'fastify'
import type { Transporter } from 'nodemailer'
import type { Db, Executor } from '../db/client'
import { outbox, type OutboxAttachment } from '../db/schema'

export interface OutgoingEmail {
  to: string
  subject: string
  text: string
  html: string
  /** Files sent with it (text content: an appointment's .ics); kept in the outbox row until delivered. */
  attachments?: OutboxAttachment[]
}

export interface MailerOptions {
  db: Db
  log: FastifyBaseLogger
  /** Base of the links in emails and of the preview links (PUBLIC_URL); resolved once the port is known. */
  publicUrl: () => string
  smtpUrl?: string
  from: string
  /**
   * Development: emails are readable at /email-preview/<id> and logged with their address, subject
   * and preview link. Otherwise (SMTP_URL set or production) the log carries the outbox id only.
   */
  preview: boolean
}

/** What a delivered email keeps in the outbox: the codes and links it carried are gone. */
const REDACTED = '(removed after delivery)'

/**
 * Every email lands in the outbox table and is logged; with SMTP_URL it is also relayed, and once
 * delivered its body and attachments are redacted and sent_at records the delivery.
 */
export function createMailer(opts: MailerOptions) {
  let transport: Promise<Transporter> | undefined
  const smtp = () => (transport ??= import('nodemailer').then(({ default: nodemailer }) => nodemailer.createTransport(opts.smtpUrl)))
  const pending = new Set<Promise<void>>()

  if (!opts.smtpUrl && !opts.preview) opts.log.warn('SMTP_URL is not set: emails stay in the outbox table and are not delivered')

  /** Mail work that runs after the request has its answer: errors are logged, `settled` waits for it. */
  function later(task: () => Promise<unknown>) {
    const run: Promise<void> = task()
      .then(() => undefined)
      .catch((err: unknown) => opts.log.error({ err }, 'email work failed'))
      .finally(() => pending.delete(run))
    pending.add(run)
  }

  /** Resolves when no mail work started by `later` is left (shutdown, tests). */
  async function settled(): Promise<void> {
    while (pending.size > 0) await Promise.all(pending)
  }

  /** Writes the email to the outbox (inside the caller's transaction when given one). */
  async function store(exec: Executor, email: OutgoingEmail): Promise<string> {
    const { attachments, ...fields } = email
    const [row] = await exec
      .insert(outbox)
      .values({ ...fields, attachments: attachments?.length ? attachments : null })
      .returning({ id: outbox.id })
    return row!.id
  }

  /** After the outbox row is committed: log it and relay it through SMTP in the background. */
  function dispatch(id: string, email: OutgoingEmail) {
    if (opts.preview)
      opts.log.info({ outbox_id: id, to: email.to, subject: email.subject, preview_url: url(`/email-preview/${id}`) }, 'email queued')
    else opts.log.info({ outbox_id: id }, 'email queued')
    if (!opts.smtpUrl) return
    later(async () => {
      try {
        const t = await smtp()
        const { attachments, ...fields } = email
        await t.sendMail({
          from: opts.from,
          ...fields,
          ...(attachments?.length && {
            attachments: attachments.map((a) => ({ filename: a.filename, contentType: a.contentType, content: a.content })),
          }),
        })
        await opts.db.update(outbox).set({ sentAt: new Date(), text: REDACTED, html: REDACTED, attachments: null }).where(eq(outbox.id, id))
      } catch (err) {
        opts.log.error({ err, outbox_id: id }, 'email delivery failed')
      }
    })
  }

  /** An absolute link into the app, for email bodies. */
  function url(path: string): string {
    return `${opts.publicUrl()}${path}`
  }

  /** Deletes outbox rows written before `before` (the scheduled cleanup); answers how many. */
  async function prune(before: Date): Promise<number> {
    return (await opts.db.delete(outbox).where(lt(outbox.createdAt, before)).returning({ id: outbox.id })).length
  }

  async function close() {
    await settled()
    await transport?.then((t) => t.close())
  }

  return { store, dispatch, later, settled, url, prune, close }
}

export type Mailer = ReturnType<typeof createMailer>
