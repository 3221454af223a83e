import type { ReactNode } from 'react'
import { Link } from '@tanstack/react-router'
import { Trans, useLingui } from '@lingui/react/macro'
import { msg } from '@lingui/core/macro'
import { CHANNEL_QUOTA, LIMITS } from '../../../../contract/limits'
import { Icon, type IconName } from '../icons'
import { useDocumentTitle } from '../page-parts'

const PASSWORD_MIN = LIMITS.passwordMin

const CHAPTERS = [
  { id: 'getting-started', icon: 'rocket', label: msg`Getting started` },
  { id: 'channels', icon: 'channels', label: msg`Channels` },
  { id: 'topics', icon: 'topics', label: msg`Topics` },
  { id: 'calls', icon: 'call', label: msg`Calls and meetings` },
  { id: 'calendar', icon: 'calendar', label: msg`Calendar` },
] as const satisfies ReadonlyArray<{ id: string; icon: IconName; label: unknown }>

type ChapterId = (typeof CHAPTERS)[number]['id']

function Chapter({ id, title, intro, children }: { id: ChapterId; title: string; intro: ReactNode; children: ReactNode }) {
  const icon = CHAPTERS.find((c) => c.id === id)!.icon
  return (
    <section id={id} aria-labelledby={`${id}-title`} className="scroll-mt-24 border-b border-slate-200 pb-12 last:border-b-0">
      <h2 id={`${id}-title`} className="flex items-center gap-3 text-2xl font-bold text-slate-900">
        <span className="inline-flex h-10 w-10 items-center justify-center rounded-lg bg-indigo-50 text-indigo-600">
          <Icon name={icon} className="h-5 w-5" />
        </span>
        {title}
      </h2>
      <p className="mt-4 text-base leading-7 text-slate-700">{intro}</p>
      <div className="mt-6 space-y-8">{children}</div>
    </section>
  )
}

function Guide({ title, steps, tip }: { title: ReactNode; steps: ReactNode[]; tip?: ReactNode }) {
  return (
    <div>
      <h3 className="text-lg font-semibold text-slate-900">{title}</h3>
      <ol className="mt-3 list-decimal space-y-2 pl-6 text-sm leading-6 text-slate-700 marker:font-semibold marker:text-indigo-600">
        {steps.map((step, i) => (
          <li key={i}>{step}</li>
        ))}
      </ol>
      {tip ? (
        <p className="mt-3 rounded-lg bg-amber-50 px-4 py-3 text-sm text-amber-900">
          <strong className="font-semibold">
            <Trans>Tip:</Trans>
          </strong>{' '}
          {tip}
        </p>
      ) : null}
    </div>
  )
}

export function DocsPage() {
  const { t } = useLingui()
  const { freemium, premium, growth } = CHANNEL_QUOTA
  useDocumentTitle(t`User guide`)
  return (
    <div className="mx-auto max-w-7xl px-4 py-12 sm:px-6 md:py-16 lg:px-8">
      <header className="max-w-3xl">
        <p className="text-sm font-semibold uppercase tracking-wide text-indigo-600">
          <Trans>Docs</Trans>
        </p>
        <h1 className="mt-2 text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">
          <Trans>Workroom user guide</Trans>
        </h1>
        <p className="mt-4 text-lg leading-8 text-slate-600">
          <Trans>Everything you need for your first week: from creating your account to running calls and sharing a booking link.</Trans>
        </p>
      </header>

      <div className="mt-10 grid gap-10 md:grid-cols-[254px_1fr]">
        <nav aria-label={t`User guide chapters`} className="md:sticky md:top-24 md:self-start">
          <ol className="flex gap-2 overflow-x-auto pb-2 md:flex-col md:overflow-visible md:pb-0">
            {CHAPTERS.map((chapter) => (
              <li key={chapter.id} className="shrink-0">
                <a
                  href={`#${chapter.id}`}
                  className="flex items-center gap-3 rounded-lg px-3 py-2 text-sm font-medium text-slate-700 ring-1 ring-slate-200 hover:bg-indigo-50 hover:text-indigo-700 md:ring-0"
                >
                  <Icon name={chapter.icon} className="h-4 w-4" />
                  {t(chapter.label)}
                </a>
              </li>
            ))}
          </ol>
        </nav>

        <div className="min-w-0 space-y-12">
          <Chapter
            id="getting-started"
            title={t(CHAPTERS[0].label)}
            intro={<Trans>Workroom runs in your browser and on iOS and Android. One account works everywhere.</Trans>}
          >
            <Guide
              title={<Trans>Create your account</Trans>}
              steps={[
                <Trans key="1">
                  Open Sign up and enter your name, email address and a password of at least {PASSWORD_MIN} characters that is not a common
                  one.
                </Trans>,
                <Trans key="2">Check your inbox for a 6-digit code and enter it on the verification screen.</Trans>,
                <Trans key="3">Log in. You receive a personal workid that others can use to find and message you.</Trans>,
              ]}
              tip={
                <Trans>Forgot your password? Choose "Forgot password" on the login page and we will email you a code to reset it.</Trans>
              }
            />
            <Guide
              title={<Trans>The first-login tutorial</Trans>}
              steps={[
                <Trans key="1">Choose whether you use Workroom for personal or business purposes.</Trans>,
                <Trans key="2">
                  Personal: search for the channel that referred you (a school, a club, a company) and join it, or skip.
                </Trans>,
                <Trans key="3">
                  Business: name your company channel and choose SME or education; we add a matching description and banner.
                </Trans>,
              ]}
            />
            <Guide
              title={<Trans>Find your way around</Trans>}
              steps={[
                <Trans key="1">The sidebar leads to chats, contacts, utilities, calendar, notifications, pricing and support.</Trans>,
                <Trans key="2">Your avatar opens the account drawer: profile, storage, billing history, settings and your channels.</Trans>,
                <Trans key="3">Use the language selector in the header to switch between English and Vietnamese.</Trans>,
              ]}
            />
          </Chapter>

          <Chapter
            id="channels"
            title={t(CHAPTERS[1].label)}
            intro={
              <Trans>
                A channel is the workspace of an organisation or community. It holds topics, members, a calendar and, for business channels,
                the chatbot and CRM.
              </Trans>
            }
          >
            <Guide
              title={<Trans>Create a channel</Trans>}
              steps={[
                <Trans key="1">Open the account drawer and choose "Create channel".</Trans>,
                <Trans key="2">Enter a name (up to 75 characters), a description and, if you like, a banner image.</Trans>,
                <Trans key="3">Make it public, or private with a password of at least 6 characters, then create it.</Trans>,
              ]}
              tip={
                <Trans>
                  Your plan sets how many channels you can administer: {freemium} on Freemium, {premium} on Premium and {growth} on Growth.
                </Trans>
              }
            />
            <Guide
              title={<Trans>Roles in a channel</Trans>}
              steps={[
                <Trans key="1">Owner: the creator. Manages billing, settings and can hand over ownership.</Trans>,
                <Trans key="2">Admin: manages members, topics, the chatbot, the CRM and news.</Trans>,
                <Trans key="3">Member: chats in the topics they belong to and books the channel's calendar.</Trans>,
              ]}
            />
          </Chapter>

          <Chapter
            id="topics"
            title={t(CHAPTERS[2].label)}
            intro={
              <Trans>Topics are the chats of Workroom: a group conversation about one subject, or a private chat with one person.</Trans>
            }
          >
            <Guide
              title={<Trans>Start a conversation</Trans>}
              steps={[
                <Trans key="1">In a channel, choose "New topic", give it a name and add members.</Trans>,
                <Trans key="2">To chat with one person, search their name or workid in the header and open their profile.</Trans>,
                <Trans key="3">
                  Type your message and press Enter. Attach files, mention people with @ and reply to a message to keep threads clear.
                </Trans>,
              ]}
            />
            <Guide
              title={<Trans>Stay on top of chats</Trans>}
              steps={[
                <Trans key="1">Topics with new messages move to the top of the list and show an unread count.</Trans>,
                <Trans key="2">Turn a message into a to-do from its menu: Make a to-do.</Trans>,
                <Trans key="3">Create a poll from the message box to let the group vote.</Trans>,
              ]}
            />
          </Chapter>

          <Chapter
            id="calls"
            title={t(CHAPTERS[3].label)}
            intro={<Trans>Voice and video calls start from any chat. Meetings let you bring in people who are not in the topic.</Trans>}
          >
            <Guide
              title={<Trans>Make a call</Trans>}
              steps={[
                <Trans key="1">Open a chat and press the phone or camera button.</Trans>,
                <Trans key="2">
                  The other side sees an incoming call with Answer and Decline. A call nobody answers stops after 60 seconds.
                </Trans>,
                <Trans key="3">During the call, mute your microphone, turn the camera off or share your screen.</Trans>,
              ]}
              tip={<Trans>In Privacy settings you can allow calls from friends only.</Trans>}
            />
            <Guide
              title={<Trans>Start a meeting now</Trans>}
              steps={[
                <Trans key="1">Choose "Meeting now" and give the meeting a title.</Trans>,
                <Trans key="2">Share the join code or link with your guests.</Trans>,
                <Trans key="3">Guests enter the code and join; you can remove anyone from the participant list.</Trans>,
              ]}
            />
          </Chapter>

          <Chapter
            id="calendar"
            title={t(CHAPTERS[4].label)}
            intro={
              <Trans>The calendar collects your reminders, the slots you offer for booking and the bookings others make with you.</Trans>
            }
          >
            <Guide
              title={<Trans>Set a reminder</Trans>}
              steps={[
                <Trans key="1">Open Calendar and choose "Create reminder".</Trans>,
                <Trans key="2">Write what to remember, pick the date and time and, optionally, a topic to post it in.</Trans>,
                <Trans key="3">When it is due you get a notification showing the time as HH:MM DD/MM.</Trans>,
              ]}
            />
            <Guide
              title={<Trans>Let people book you</Trans>}
              steps={[
                <Trans key="1">Choose "Create your slots" and set the days, hours and length of each appointment.</Trans>,
                <Trans key="2">Copy your booking link and share it in a chat, an email template or on your website.</Trans>,
                <Trans key="3">Each booking appears under Booked and in your notifications, and the guest gets a confirmation.</Trans>,
              ]}
            />
          </Chapter>

          <p className="rounded-2xl bg-indigo-50 p-6 text-sm text-indigo-900">
            <Trans>
              Still stuck? Use the support chat in the app, or{' '}
              <Link to="/about" className="font-semibold underline">
                contact us
              </Link>
              .
            </Trans>
          </p>
        </div>
      </div>
    </div>
  )
}
