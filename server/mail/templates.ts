import type { Language } from '../../contract'
import { LIMITS } from '../../contract'
import type { OutgoingEmail } from './mailer'

export type CodePurpose = 'verify' | 'reset'

/** Subjects never carry the code: they show on lock screens and in mail logs. */
const COPY = {
  verify: {
    en: {
      subject: 'Your Workroom verification code',
      lead: 'Welcome to Workroom! Enter this code to verify your email address:',
    },
    vi: {
      subject: 'Mã xác minh Workroom của bạn',
      lead: 'Chào mừng bạn đến với Workroom! Nhập mã này để xác minh địa chỉ email:',
    },
  },
  reset: {
    en: {
      subject: 'Your Workroom password reset code',
      lead: 'Someone asked to reset your Workroom password. Enter this code to choose a new one:',
    },
    vi: {
      subject: 'Mã đặt lại mật khẩu Workroom của bạn',
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

/** Sent instead of a code when someone signs up with an address that already has an account. */
const SIGN_UP_AGAIN = {
  en: {
    subject: 'Someone tried to sign up with your email',
    lines: (links: Links) => [
      'Someone tried to create a new Workroom account with this email address. You already have an account, so nothing was changed.',
      `If it was you, log in at ${links.login}, or choose a new password at ${links.forgot}.`,
    ],
  },
  vi: {
    subject: 'Có người thử đăng ký bằng email của bạn',
    lines: (links: Links) => [
      'Có người vừa thử tạo tài khoản Workroom mới bằng địa chỉ email này. Bạn đã có tài khoản nên không có gì thay đổi.',
      `Nếu đó là bạn, hãy đăng nhập tại ${links.login}, hoặc đặt mật khẩu mới tại ${links.forgot}.`,
    ],
  },
} as const

/** Sent once when code checks lock after too many wrong codes. */
const LOCKED = {
  en: {
    subject: 'Code checks on your Workroom account are paused',
    lines: (until: string) => [
      `Too many wrong codes were entered for your Workroom account, so code checks are locked until ${until} (UTC).`,
      'Your password has not changed and you can still log in with it. If you did not try these codes, someone may be guessing them; no action is needed.',
    ],
  },
  vi: {
    subject: 'Việc kiểm tra mã của tài khoản Workroom đang tạm dừng',
    lines: (until: string) => [
      `Đã có quá nhiều lần nhập sai mã cho tài khoản Workroom của bạn, nên việc kiểm tra mã bị khoá đến ${until} (UTC).`,
      'Mật khẩu của bạn không thay đổi và bạn vẫn đăng nhập được bằng mật khẩu đó. Nếu bạn không nhập những mã này, có thể ai đó đang đoán mã; bạn không cần làm gì.',
    ],
  },
} as const

interface Links {
  login: string
  forgot: string
}

export const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!)

/** A plain email: greeting, paragraphs, signature; the HTML is the same text, escaped. */
function plainEmail(lang: Language, to: { email: string; name: string }, subject: string, paragraphs: readonly string[]): OutgoingEmail {
  const all = [COMMON[lang].greeting(to.name), ...paragraphs, 'Workroom']
  const html = `<!doctype html><html lang="${lang}"><body style="font-family:system-ui,sans-serif;color:#1f2937">
${all.map((p) => `<p>${escapeHtml(p)}</p>`).join('\n')}
</body></html>`
  return { to: to.email, subject, text: all.join('\n\n'), html }
}

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
  return { to: to.email, subject: copy.subject, text, html }
}

/** To the owner of an address someone tried to sign up with again. */
export function signUpAgainEmail(lang: Language, to: { email: string; name: string }, links: Links): OutgoingEmail {
  return plainEmail(lang, to, SIGN_UP_AGAIN[lang].subject, SIGN_UP_AGAIN[lang].lines(links))
}

/** To the owner of an account whose code checks just locked. */
export function codesLockedEmail(lang: Language, to: { email: string; name: string }, until: Date): OutgoingEmail {
  const when = until.toISOString().slice(0, 16).replace('T', ' ')
  return plainEmail(lang, to, LOCKED[lang].subject, LOCKED[lang].lines(when))
}
