import { Link } from '@tanstack/react-router'
import { Trans, useLingui } from '@lingui/react/macro'
import { msg } from '@lingui/core/macro'
import type { MessageDescriptor } from '@lingui/core'
import type { IconName } from '../icons'
import { Icon } from '../icons'
import { AppWindowArt } from '../illustrations'
import {
  buttonOnDark,
  buttonPrimary,
  buttonSecondary,
  CheckList,
  CtaBanner,
  FeatureCard,
  PageHero,
  Section,
  useDocumentTitle,
} from '../page-parts'

const FEATURES: Array<{ icon: IconName; title: MessageDescriptor; body: MessageDescriptor }> = [
  {
    icon: 'channels',
    title: msg`Channels`,
    body: msg`A workspace for your company, class or community, with its own groups, members, roles and banner.`,
  },
  {
    icon: 'topics',
    title: msg`Topic chats`,
    body: msg`Keep every conversation on its subject: one topic per project, customer or lesson, with files, mentions and replies.`,
  },
  {
    icon: 'calendar',
    title: msg`Calendar and booking`,
    body: msg`Set reminders, publish the slots you are free and let clients or students book them from a public link.`,
  },
  {
    icon: 'todo',
    title: msg`To-dos`,
    body: msg`Turn a message into a task with an owner and a deadline, and see at a glance what is due today.`,
  },
  {
    icon: 'poll',
    title: msg`Polls`,
    body: msg`Ask the group, collect answers in minutes and watch the results update live in the chat.`,
  },
  {
    icon: 'call',
    title: msg`Voice and video calls`,
    body: msg`Call one person or a whole topic straight from the chat, on the web or on your phone.`,
  },
  {
    icon: 'meeting',
    title: msg`Meetings with a join code`,
    body: msg`Start a meeting now and share its short join code: anyone with the code joins in one step.`,
  },
  {
    icon: 'chatbot',
    title: msg`Chatbots`,
    body: msg`Answer common questions day and night with a chatbot built from your own questions and answers.`,
  },
  {
    icon: 'crm',
    title: msg`CRM for leads`,
    body: msg`Capture leads from your channel and chatbot, move each one through your stages and never miss a follow-up.`,
  },
  {
    icon: 'email',
    title: msg`Email templates`,
    body: msg`Write a message once and reuse it for welcomes, campaigns and reminders, with each person's details filled in.`,
  },
]

export function HomePage() {
  const { t } = useLingui()
  useDocumentTitle(t`Team chat and collaboration`)
  return (
    <>
      <PageHero
        eyebrow={<Trans>Team chat and collaboration</Trans>}
        title={<Trans>One workroom for your team, your clients and your classes</Trans>}
        lead={
          <Trans>
            Workroom brings channels, topic chats, calls, calendars and a CRM into one place, so individuals, businesses and educators can
            talk, plan and follow up without switching between apps.
          </Trans>
        }
        art={<AppWindowArt />}
      >
        <Link to="/sign-up" className={buttonPrimary}>
          <Trans>Start free</Trans>
        </Link>
        <Link to="/product" className={buttonSecondary}>
          <Trans>Take the product tour</Trans>
        </Link>
      </PageHero>

      <Section
        id="features"
        title={<Trans>Everything a team needs to work together</Trans>}
        lead={<Trans>Ten tools that share one contact list, one notification centre and one search, in English and Vietnamese.</Trans>}
      >
        <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-5">
          {FEATURES.map((feature) => (
            <li key={feature.icon} className="flex">
              <FeatureCard icon={feature.icon} title={t(feature.title)}>
                {t(feature.body)}
              </FeatureCard>
            </li>
          ))}
        </ul>
      </Section>

      <Section
        id="audience"
        tone="slate"
        title={<Trans>Who it is for</Trans>}
        lead={<Trans>The same workroom adapts to one person, a growing company or a whole school.</Trans>}
      >
        <div className="grid gap-6 md:grid-cols-3">
          <div className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
            <Icon name="person" className="h-8 w-8 text-indigo-600" />
            <h3 className="mt-4 text-xl font-semibold text-slate-900">
              <Trans>Individuals</Trans>
            </h3>
            <p className="mt-2 text-sm text-slate-600">
              <Trans>Freelancers, coaches and consultants who want one inbox for clients.</Trans>
            </p>
            <div className="mt-5">
              <CheckList
                items={[
                  <Trans key="a">Share a booking link and let clients pick a free slot</Trans>,
                  <Trans key="b">Chat with friends and clients by their workid</Trans>,
                  <Trans key="c">Join the channels of the communities you follow</Trans>,
                ]}
              />
            </div>
          </div>
          <div className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
            <Icon name="business" className="h-8 w-8 text-indigo-600" />
            <h3 className="mt-4 text-xl font-semibold text-slate-900">
              <Trans>Businesses</Trans>
            </h3>
            <p className="mt-2 text-sm text-slate-600">
              <Trans>Small and growing companies that sell, serve and coordinate every day.</Trans>
            </p>
            <div className="mt-5">
              <CheckList
                items={[
                  <Trans key="a">A company channel with a group for every department</Trans>,
                  <Trans key="b">Leads from the chatbot land in your CRM</Trans>,
                  <Trans key="c">Email templates for follow-ups and campaigns</Trans>,
                ]}
              />
            </div>
          </div>
          <div className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
            <Icon name="school" className="h-8 w-8 text-indigo-600" />
            <h3 className="mt-4 text-xl font-semibold text-slate-900">
              <Trans>Educators</Trans>
            </h3>
            <p className="mt-2 text-sm text-slate-600">
              <Trans>Schools, training centres and teachers running classes online and on site.</Trans>
            </p>
            <div className="mt-5">
              <CheckList
                items={[
                  <Trans key="a">A topic per class for announcements, homework and questions</Trans>,
                  <Trans key="b">Office hours students can book on the calendar</Trans>,
                  <Trans key="c">Quick polls and video lessons with a join code</Trans>,
                ]}
              />
            </div>
          </div>
        </div>
      </Section>

      <Section id="steps" title={<Trans>Up and running in three steps</Trans>}>
        <ol className="grid gap-6 md:grid-cols-3">
          {[
            {
              title: <Trans>Create your account</Trans>,
              body: <Trans>Sign up with your name and email, then confirm the 6-digit code we send you.</Trans>,
            },
            {
              title: <Trans>Open a channel</Trans>,
              body: <Trans>Tell us whether Workroom is for personal or business use, and we prepare your first channel.</Trans>,
            },
            {
              title: <Trans>Invite your people</Trans>,
              body: <Trans>Share your channel link or workid. Everyone chats, calls and plans in the same place.</Trans>,
            },
          ].map((step, i) => (
            <li key={i} className="rounded-2xl border border-slate-200 p-6">
              <span className="inline-flex h-9 w-9 items-center justify-center rounded-full bg-indigo-600 text-sm font-bold text-white">
                {i + 1}
              </span>
              <h3 className="mt-4 text-lg font-semibold text-slate-900">{step.title}</h3>
              <p className="mt-2 text-sm leading-6 text-slate-600">{step.body}</p>
            </li>
          ))}
        </ol>
      </Section>

      <CtaBanner
        title={<Trans>Open your workroom today</Trans>}
        lead={<Trans>The freemium plan is free for one channel. Upgrade only when your team grows.</Trans>}
      >
        <Link to="/sign-up" className={buttonOnDark}>
          <Trans>Create a free account</Trans>
        </Link>
        <Link
          to="/pricing"
          className="inline-flex items-center justify-center rounded-lg px-5 py-3 text-sm font-semibold text-white ring-1 ring-white/60 hover:bg-indigo-500"
        >
          <Trans>Compare plans</Trans>
        </Link>
      </CtaBanner>
    </>
  )
}
