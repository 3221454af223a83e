import type { Language } from '../../../contract'
import type { OutgoingEmail } from '../../mail/mailer'
import { escapeHtml } from '../../mail/templates'

/** One unseen message in the missed-message email. */
export interface DigestItem {
  sender: string
  /** The group topic's name; '' for a 1:1 chat. */
  topic: string
  text: string
  /** Opens the topic. */
  link: string
}

const COPY = {
  en: {
    subject: (n: number) => (n === 1 ? 'You have 1 unread message on Workroom' : `You have ${n} unread messages on Workroom`),
    greeting: (name: string) => `Hi ${name},`,
    lead: 'These messages are waiting for you:',
    where: (sender: string, topic: string) => (topic ? `${sender} in ${topic}` : sender),
    open: 'Open',
    unsubscribe: 'Stop these emails',
    why: 'You get this email because a mention or a direct message was not read for a while.',
  },
  vi: {
    subject: (n: number) => `Bạn có ${n} tin nhắn chưa đọc trên Workroom`,
    greeting: (name: string) => `Xin chào ${name},`,
    lead: 'Những tin nhắn này đang chờ bạn:',
    where: (sender: string, topic: string) => (topic ? `${sender} trong ${topic}` : sender),
    open: 'Mở',
    unsubscribe: 'Ngừng nhận các email này',
    why: 'Bạn nhận email này vì có lượt nhắc đến hoặc tin nhắn riêng chưa được đọc sau một thời gian.',
  },
} as const

/** The missed-message email: one list of every unseen message, each with its link, and the unsubscribe link. */
export function digestEmail(
  lang: Language,
  to: { email: string; name: string },
  items: readonly DigestItem[],
  unsubscribeUrl: string,
): OutgoingEmail {
  const c = COPY[lang]
  const text = [
    c.greeting(to.name),
    '',
    c.lead,
    '',
    ...items.map((i) => `- ${c.where(i.sender, i.topic)}: ${i.text}\n  ${i.link}`),
    '',
    c.why,
    `${c.unsubscribe}: ${unsubscribeUrl}`,
    '',
    'Workroom',
  ].join('\n')
  const html = `<!doctype html><html lang="${lang}"><body style="font-family:system-ui,sans-serif;color:#1f2937">
<p>${escapeHtml(c.greeting(to.name))}</p>
<p>${escapeHtml(c.lead)}</p>
<ul>
${items.map((i) => `<li><strong>${escapeHtml(c.where(i.sender, i.topic))}</strong>: ${escapeHtml(i.text)} <a href="${escapeHtml(i.link)}">${escapeHtml(c.open)}</a></li>`).join('\n')}
</ul>
<p style="color:#6b7280;font-size:12px">${escapeHtml(c.why)} <a href="${escapeHtml(unsubscribeUrl)}">${escapeHtml(c.unsubscribe)}</a></p>
<p>Workroom</p>
</body></html>`
  return { to: to.email, subject: c.subject(items.length), text, html }
}
