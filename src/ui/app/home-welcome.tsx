import type { ReactNode } from 'react'
import { Link } from '@tanstack/react-router'
import { Trans } from '@lingui/react/macro'
import { Icon, type IconName } from '../icons'
import { buttonClass } from '../button'

export interface HomeWelcomeProps {
  name: string
  workid: string
  /** e.g. 'Jan 5, 2026', already formatted in the user's language. */
  memberSince: string | null
}

/** /home: the welcome page of a signed-in user. */
export function HomeWelcome({ name, workid, memberSince }: HomeWelcomeProps) {
  const cards: { to: '/chat' | '/contact' | '/account/profile'; icon: IconName; title: ReactNode; text: ReactNode }[] = [
    { to: '/chat', icon: 'chat', title: <Trans>Chats</Trans>, text: <Trans>Talk one to one or in groups.</Trans> },
    { to: '/contact', icon: 'contacts', title: <Trans>Contacts</Trans>, text: <Trans>Find the people you work with.</Trans> },
    { to: '/account/profile', icon: 'user', title: <Trans>Your profile</Trans>, text: <Trans>Your name and avatar.</Trans> },
  ]
  return (
    <div className="mx-auto max-w-4xl px-4 py-8 sm:px-6 lg:py-12">
      <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">
        <Trans>Welcome, {name}</Trans>
      </h1>
      <p className="mt-2 text-slate-600">
        <Trans>
          People can find you by your workid <strong className="font-mono font-semibold text-slate-900">{workid}</strong>.
        </Trans>{' '}
        {memberSince ? <Trans>Member since {memberSince}.</Trans> : null}
      </p>
      <ul className="mt-8 grid gap-4 sm:grid-cols-2">
        {cards.map((card) => (
          <li key={card.to}>
            <Link
              to={card.to}
              className="flex h-full gap-4 rounded-xl border border-slate-200 bg-white p-5 shadow-sm hover:border-indigo-300 hover:shadow"
            >
              <span className="flex h-10 w-10 shrink-0 items-center justify-center rounded-lg bg-indigo-50 text-indigo-600">
                <Icon name={card.icon} />
              </span>
              <span>
                <span className="block font-semibold text-slate-900">{card.title}</span>
                <span className="mt-1 block text-sm text-slate-600">{card.text}</span>
              </span>
            </Link>
          </li>
        ))}
      </ul>
      <div className="mt-8 rounded-xl bg-indigo-50 p-5">
        <p className="font-semibold text-indigo-900">
          <Trans>New here?</Trans>
        </p>
        <p className="mt-1 text-sm text-indigo-900/80">
          <Trans>The step-by-step guides show how groups, channels and the calendar work.</Trans>
        </p>
        <Link to="/docs" className={buttonClass('primary', 'md', 'mt-3')}>
          <Trans>Open the guides</Trans>
        </Link>
      </div>
    </div>
  )
}
