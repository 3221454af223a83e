import type { ReactNode } from 'react'
import { Link } from '@tanstack/react-router'
import { Trans, useLingui } from '@lingui/react/macro'
import { Icon, type IconName } from '../icons'
import { AppWindowArt } from '../illustrations'
import { buttonOnDark, buttonPrimary, buttonSecondary, CtaBanner, PageHero, Section, useDocumentTitle } from '../page-parts'

function Capability({
  icon,
  title,
  children,
  level = 'h3',
}: {
  icon: IconName
  title: ReactNode
  children: ReactNode
  level?: 'h3' | 'h4'
}) {
  const Heading = level
  return (
    <li className="flex gap-4">
      <span className="inline-flex h-10 w-10 shrink-0 items-center justify-center rounded-lg bg-indigo-50 text-indigo-600">
        <Icon name={icon} className="h-5 w-5" />
      </span>
      <div>
        <Heading className="font-semibold text-slate-900">{title}</Heading>
        <p className="mt-1 text-sm leading-6 text-slate-600">{children}</p>
      </div>
    </li>
  )
}

function Pillar({
  id,
  kicker,
  title,
  lead,
  children,
}: {
  id: string
  kicker: ReactNode
  title: ReactNode
  lead: ReactNode
  children: ReactNode
}) {
  return (
    <section
      aria-labelledby={`${id}-title`}
      className="grid gap-8 border-t border-slate-200 py-12 first:border-t-0 first:pt-0 lg:grid-cols-[1fr_2fr]"
    >
      <div>
        <p className="text-sm font-semibold uppercase tracking-wide text-indigo-600">{kicker}</p>
        <h3 id={`${id}-title`} className="mt-2 text-2xl font-bold text-slate-900">
          {title}
        </h3>
        <p className="mt-3 text-slate-600">{lead}</p>
      </div>
      <ul className="grid gap-6 sm:grid-cols-2">{children}</ul>
    </section>
  )
}

export function ProductPage() {
  const { t } = useLingui()
  useDocumentTitle(t`Product`)
  return (
    <>
      <PageHero
        eyebrow={<Trans>Product</Trans>}
        title={<Trans>Chat, plan, meet and grow in one app</Trans>}
        lead={
          <Trans>
            Workroom is organised around channels. Inside a channel, topics hold the conversations, and every tool, from the calendar to the
            CRM, works with the same people and the same notifications.
          </Trans>
        }
        art={<AppWindowArt />}
      >
        <Link to="/sign-up" className={buttonPrimary}>
          <Trans>Try it free</Trans>
        </Link>
        <Link to="/docs" className={buttonSecondary}>
          <Trans>Read the user guide</Trans>
        </Link>
      </PageHero>

      <Section id="tour" title={<Trans>A tour of Workroom</Trans>}>
        <Pillar
          id="chat"
          kicker={<Trans>Chat</Trans>}
          title={<Trans>Conversations with a home</Trans>}
          lead={<Trans>Every message belongs to a topic, and every topic to a channel or a contact.</Trans>}
        >
          <Capability level="h4" icon="channels" title={<Trans>Channels</Trans>}>
            <Trans>Public or password-protected workspaces with owner, admin and member roles, a description and a banner.</Trans>
          </Capability>
          <Capability level="h4" icon="topics" title={<Trans>Topic chats</Trans>}>
            <Trans>Group chats for each subject, plus one-to-one chats opened from a person's workid.</Trans>
          </Capability>
          <Capability level="h4" icon="users" title={<Trans>Friend contacts</Trans>}>
            <Trans>Send and accept friend requests, and choose whether only friends may call you or add you to topics.</Trans>
          </Capability>
          <Capability level="h4" icon="bell" title={<Trans>Notifications</Trans>}>
            <Trans>In-app, browser push and live updates, with unread badges so nothing slips past you.</Trans>
          </Capability>
        </Pillar>
        <Pillar
          id="plan"
          kicker={<Trans>Plan</Trans>}
          title={<Trans>From talk to done</Trans>}
          lead={<Trans>Turn decisions into dates, tasks and answers without leaving the chat.</Trans>}
        >
          <Capability level="h4" icon="calendar" title={<Trans>Calendar and reminders</Trans>}>
            <Trans>Create reminders for yourself or a topic and get notified when they are due.</Trans>
          </Capability>
          <Capability level="h4" icon="person" title={<Trans>Booking</Trans>}>
            <Trans>Publish your free slots and share a booking link; confirmed bookings appear in your calendar.</Trans>
          </Capability>
          <Capability level="h4" icon="todo" title={<Trans>To-dos</Trans>}>
            <Trans>Assign tasks with deadlines, tick them off and see who is waiting on whom.</Trans>
          </Capability>
          <Capability level="h4" icon="poll" title={<Trans>Polls</Trans>}>
            <Trans>Single or multiple choice polls with live results inside the topic.</Trans>
          </Capability>
        </Pillar>
        <Pillar
          id="meet"
          kicker={<Trans>Meet</Trans>}
          title={<Trans>Face to face, from anywhere</Trans>}
          lead={<Trans>Calls start where the conversation already is.</Trans>}
        >
          <Capability level="h4" icon="call" title={<Trans>Voice and video calls</Trans>}>
            <Trans>Ring a contact or a whole topic; unanswered calls stop ringing after 60 seconds.</Trans>
          </Capability>
          <Capability level="h4" icon="meeting" title={<Trans>Instant meetings</Trans>}>
            <Trans>Press Meeting now, share the join code and start talking; guests join from the browser.</Trans>
          </Capability>
        </Pillar>
        <Pillar
          id="grow"
          kicker={<Trans>Grow</Trans>}
          title={<Trans>Tools that bring customers in</Trans>}
          lead={<Trans>Business and education channels get tools to attract, answer and follow up.</Trans>}
        >
          <Capability level="h4" icon="chatbot" title={<Trans>Chatbots</Trans>}>
            <Trans>Build a question-and-answer bot, embed it on your website and track which questions people ask.</Trans>
          </Capability>
          <Capability level="h4" icon="crm" title={<Trans>CRM</Trans>}>
            <Trans>Leads from the chatbot and booking forms land in stages you define, with notes and owners.</Trans>
          </Capability>
          <Capability level="h4" icon="email" title={<Trans>Email templates and campaigns</Trans>}>
            <Trans>Reusable emails with placeholders for names and dates, sent to one lead or a whole list.</Trans>
          </Capability>
          <Capability level="h4" icon="sparkles" title={<Trans>News and utilities</Trans>}>
            <Trans>Publish news to your channel's public page and open mini-apps from the utilities area.</Trans>
          </Capability>
        </Pillar>
      </Section>

      <Section id="platform" tone="slate" title={<Trans>Works where you work</Trans>}>
        <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          <Capability icon="globe" title={<Trans>Web, iOS and Android</Trans>}>
            <Trans>Use any modern browser, or install the apps from the App Store and Google Play.</Trans>
          </Capability>
          <Capability icon="sparkles" title={<Trans>English and Vietnamese</Trans>}>
            <Trans>Switch language at any time from the header; your choice follows your account.</Trans>
          </Capability>
          <Capability icon="shield" title={<Trans>Secure by design</Trans>}>
            <Trans>Encrypted connections, hashed passwords and short-lived sign-in tokens.</Trans>
          </Capability>
          <Capability icon="chart" title={<Trans>Room to grow</Trans>}>
            <Trans>Start free with one channel and add channels and storage as your plan grows.</Trans>
          </Capability>
        </ul>
      </Section>

      <CtaBanner title={<Trans>See it with your own team</Trans>} lead={<Trans>Create a free account in under a minute.</Trans>}>
        <Link to="/sign-up" className={buttonOnDark}>
          <Trans>Sign up free</Trans>
        </Link>
      </CtaBanner>
    </>
  )
}
