import type { Language } from '../../contract'
import { LIMITS } from '../../contract'
import type { OutgoingEmail } from './mailer'

export type CodePurpose = 'verify' | 'reset'

const COPY = {
  verify: {
    en: {
      subject: (code: string) => `${code} is your Workroom verification code`,
      lead: 'Welcome to Workroom! Enter this code to verify your email address:',
    },
    vi: {
      subject: (code: string) => `${code} là mã xác minh Workroom của bạn`,
      lead: 'Chào mừng bạn đến với Workroom! Nhập mã này để xác minh địa chỉ email:',
    },
  },
  reset: {
    en: {
      subject: (code: string) => `${code} is your Workroom password reset code`,
      lead: 'Someone asked to reset your Workroom password. Enter this code to choose a new one:',
    },
    vi: {
      subject: (code: string) => `${code} là mã đặt lại mật khẩu Workroom của bạn`,
      lead: 'Có yêu cầu đặt lại mật khẩu Workroom của bạn. Nhập mã này để chọn mật khẩu mới:',
    },
  },
} as const

const COMMON = {
  en: {
    greeting: (name: string) => `Hi ${name},`,
    expiry: `The code expires in ${LIMITS.otpTtlMinutes} minutes.`,
    ignore: 'If you did not ask for this, you can ignore this email.',
  },
  vi: {
    greeting: (name: string) => `Xin chào ${name},`,
    expiry: `Mã sẽ hết hạn sau ${LIMITS.otpTtlMinutes} phút.`,
    ignore: 'Nếu bạn không yêu cầu, hãy bỏ qua email này.',
  },
} as const

export const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!)

/** The email carrying a 6-digit code, in the user's language. */
export function codeEmail(purpose: CodePurpose, lang: Language, to: { email: string; name: string }, code: string): OutgoingEmail {
  const copy = COPY[purpose][lang]
  const common = COMMON[lang]
  const text = [common.greeting(to.name), '', copy.lead, '', `    ${code}`, '', common.expiry, common.ignore, '', 'Workroom'].join('\n')
  const html = `<!doctype html><html lang="${lang}"><body style="font-family:system-ui,sans-serif;color:#1f2937">
<p>${escapeHtml(common.greeting(to.name))}</p>
<p>${escapeHtml(copy.lead)}</p>
<p style="font-size:32px;font-weight:700;letter-spacing:8px;margin:24px 0">${code}</p>
<p>${escapeHtml(common.expiry)}<br>${escapeHtml(common.ignore)}</p>
<p>Workroom</p>
</body></html>`
  return { to: to.email, subject: copy.subject(code), text, html }
}
