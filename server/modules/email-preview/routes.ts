import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import type { ModuleOptions } from '../../context'
import type { OutboxRow } from '../../db/schema'
import { escapeHtml } from '../../mail/templates'
import type { EmailPreviewService } from './service'

const page = (title: string, body: string) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<meta name="robots" content="noindex"><title>${escapeHtml(title)}</title>
<style>body{font-family:system-ui,sans-serif;max-width:720px;margin:2rem auto;padding:0 1rem;color:#1f2937}
dl{display:grid;grid-template-columns:max-content 1fr;gap:.25rem 1rem}dt{font-weight:600}
pre{white-space:pre-wrap;background:#f3f4f6;padding:1rem;border-radius:8px;font-size:1rem}</style></head>
<body>${body}</body></html>`

/** Text only and escaped: the stored HTML is never rendered, so nothing in an email can run here. */
const renderEmail = (mail: OutboxRow) =>
  page(
    mail.subject,
    `<h1>Email preview</h1>
<dl><dt>Subject</dt><dd data-testid="subject">${escapeHtml(mail.subject)}</dd>
<dt>To</dt><dd data-testid="to">${escapeHtml(mail.to)}</dd>
<dt>Created</dt><dd>${escapeHtml(mail.createdAt.toISOString())}</dd>
<dt>Sent by SMTP</dt><dd>${mail.sentAt ? escapeHtml(mail.sentAt.toISOString()) : 'no (outbox only)'}</dd></dl>
<pre data-testid="body">${escapeHtml(mail.text)}</pre>
${(mail.attachments ?? [])
  .map(
    (a) => `<h2 data-testid="attachment-name">${escapeHtml(a.filename)} (${escapeHtml(a.contentType)})</h2>
<pre data-testid="attachment">${escapeHtml(a.content)}</pre>`,
  )
  .join('\n')}`,
  )

/**
 * GET /email-preview/:id: the outbox, readable without an account (dev and tests read codes here).
 * Not registered with SMTP_URL or in production, where emails go to their owners only.
 */
export const emailPreviewRoutes: FastifyPluginAsyncZod<ModuleOptions<EmailPreviewService>> = async (app, { ctx, service }) => {
  if (!ctx.config.emailPreview) return
  app.get('/email-preview/:id', { schema: { hide: true, params: z.object({ id: z.string() }) } }, async (req, reply) => {
    const mail = await service.find(req.params.id)
    reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'")
      .header('x-content-type-options', 'nosniff')
    if (!mail)
      return reply.code(404).send(page('Email not found', '<h1>Email not found</h1><p>There is no email with this id in the outbox.</p>'))
    return reply.send(renderEmail(mail))
  })
}
