import ical, { ICalCalendarMethod, ICalEventStatus } from 'ical-generator'
import type { Language } from '../../../contract'
import type { OutgoingEmail } from '../../mail/mailer'
import { escapeHtml } from '../../mail/templates'

/** What a guest's email says about their booking. */
export interface GuestBooking {
  bookingId: string
  /** The booking page's title and the owner's name. */
  title: string
  ownerName: string
  /** The guest as they gave themselves. */
  name: string
  email: string
  start: Date
  end: Date
  /** The guest's time zone when they gave one, else the page's: the words' times are in it. */
  timeZone: string
  language: Language
  /** The public page (to book again) and the cancel link (with the guest's secret). */
  pageUrl: string
  cancelUrl: string
}

export type GuestEmailKind = 'approved' | 'rejected' | 'canceled' | 'remind'

const COPY = {
  en: {
    greeting: (name: string) => `Hi ${name},`,
    subject: {
      approved: (title: string) => `Confirmed: ${title}`,
      rejected: (title: string) => `Declined: ${title}`,
      canceled: (title: string) => `Canceled: ${title}`,
      remind: (title: string) => `Reminder: ${title}`,
    },
    lead: {
      approved: (owner: string) => `${owner} approved your booking. It is in the attached calendar file (invite.ics).`,
      rejected: (owner: string) => `${owner} declined your booking request.`,
      canceled: (_owner: string) => 'Your booking was canceled.',
      remind: (_owner: string) => 'Your booking starts soon.',
    },
    when: 'When',
    with: 'With',
    cancel: 'Cannot make it? Cancel your booking',
    again: 'Choose another time',
  },
  vi: {
    greeting: (name: string) => `Xin chào ${name},`,
    subject: {
      approved: (title: string) => `Đã xác nhận: ${title}`,
      rejected: (title: string) => `Đã từ chối: ${title}`,
      canceled: (title: string) => `Đã hủy: ${title}`,
      remind: (title: string) => `Nhắc lịch hẹn: ${title}`,
    },
    lead: {
      approved: (owner: string) => `${owner} đã xác nhận lịch hẹn của bạn. Lịch hẹn có trong tệp lịch đính kèm (invite.ics).`,
      rejected: (owner: string) => `${owner} đã từ chối yêu cầu đặt lịch của bạn.`,
      canceled: (_owner: string) => 'Lịch hẹn của bạn đã bị hủy.',
      remind: (_owner: string) => 'Lịch hẹn của bạn sắp bắt đầu.',
    },
    when: 'Thời gian',
    with: 'Với',
    cancel: 'Không thể tham dự? Hủy lịch hẹn',
    again: 'Chọn thời gian khác',
  },
} as const

/** "Monday, 1 March 2027, 09:00 – 09:30 (Asia/Ho_Chi_Minh)" in the guest's language and time zone. */
export function spanText(start: Date, end: Date, timeZone: string, language: Language): string {
  const locale = language === 'vi' ? 'vi-VN' : 'en-GB'
  const day = new Intl.DateTimeFormat(locale, { timeZone, weekday: 'long', year: 'numeric', month: 'long', day: 'numeric' })
  const clock = new Intl.DateTimeFormat(locale, { timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' })
  return `${day.format(start)}, ${clock.format(start)} – ${clock.format(end)} (${timeZone})`
}

/** The appointment as an iCalendar file (one event, UTC times), for the approval email. */
export function appointmentIcs(b: GuestBooking, stamp: Date): string {
  const calendar = ical({
    prodId: { company: 'Workroom', product: 'Workroom booking', language: 'EN' },
    method: ICalCalendarMethod.PUBLISH,
  })
  calendar.createEvent({
    id: `booking-${b.bookingId}@workroom`,
    start: b.start,
    end: b.end,
    stamp,
    summary: `${b.title} (${b.ownerName})`,
    description: `${COPY[b.language].cancel}: ${b.cancelUrl}`,
    url: b.pageUrl,
    status: ICalEventStatus.CONFIRMED,
  })
  return calendar.toString()
}

/**
 * A guest's email about their booking (approved, with its .ics; declined; canceled; the reminder),
 * in their language with the times in their time zone: greeting, what happened, when and with whom,
 * the cancel link while it is live (or the page to choose another time), signature.
 */
export function guestEmail(kind: GuestEmailKind, b: GuestBooking, stamp: Date): OutgoingEmail {
  const c = COPY[b.language]
  const live = kind === 'approved' || kind === 'remind'
  const when = spanText(b.start, b.end, b.timeZone, b.language)
  const link = live ? { label: c.cancel, url: b.cancelUrl } : { label: c.again, url: b.pageUrl }
  const text = [
    c.greeting(b.name),
    '',
    c.lead[kind](b.ownerName),
    '',
    `${b.title}`,
    `${c.when}: ${when}`,
    `${c.with}: ${b.ownerName}`,
    '',
    `${link.label}: ${link.url}`,
    '',
    'Workroom',
  ].join('\n')
  const html = `<!doctype html><html lang="${b.language}"><body style="font-family:system-ui,sans-serif;color:#1f2937">
<p>${escapeHtml(c.greeting(b.name))}</p>
<p>${escapeHtml(c.lead[kind](b.ownerName))}</p>
<p><strong>${escapeHtml(b.title)}</strong><br>${escapeHtml(c.when)}: ${escapeHtml(when)}<br>${escapeHtml(c.with)}: ${escapeHtml(b.ownerName)}</p>
<p><a href="${escapeHtml(link.url)}">${escapeHtml(link.label)}</a></p>
<p>Workroom</p>
</body></html>`
  return {
    to: b.email,
    subject: c.subject[kind](b.title),
    text,
    html,
    ...(kind === 'approved' && {
      attachments: [
        { filename: 'invite.ics', contentType: 'text/calendar; charset=utf-8; method=PUBLISH', content: appointmentIcs(b, stamp) },
      ],
    }),
  }
}
