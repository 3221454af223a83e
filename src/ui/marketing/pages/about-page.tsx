import { Link } from '@tanstack/react-router'
import { Trans, useLingui } from '@lingui/react/macro'
import { COMPANY, companyAddress } from '../company'
import { Icon } from '../icons'
import { TeamArt } from '../illustrations'
import { buttonOnDark, CtaBanner, FeatureCard, PageHero, Section, useDocumentTitle } from '../page-parts'

export function AboutPage() {
  const { t, i18n } = useLingui()
  useDocumentTitle(t`About Us`)
  return (
    <>
      <PageHero
        eyebrow={<Trans>About Us</Trans>}
        title={<Trans>We build the room where work happens</Trans>}
        lead={
          <Trans>
            Workroom is made by a small team in Ho Chi Minh City for people who would rather get things done than juggle five different
            apps. We have been building it since 2023.
          </Trans>
        }
        art={<TeamArt />}
      />

      <Section id="story" title={<Trans>Our story</Trans>}>
        <div className="grid max-w-5xl gap-8 text-base leading-7 text-slate-700 md:grid-cols-2">
          <p>
            <Trans>
              We started Workroom after years of helping shops, clinics and language centres get organised. Every one of them ran on the
              same patchwork: a chat app for staff, another for customers, a paper diary for appointments and a spreadsheet for leads.
              Messages got lost between them, and so did customers.
            </Trans>
          </p>
          <p>
            <Trans>
              So we put the pieces in one place. A channel holds your organisation; topics keep each conversation on track; the calendar,
              to-dos, calls, chatbot and CRM all know who your people are. Today Workroom serves freelancers, growing companies and schools,
              in English and Vietnamese.
            </Trans>
          </p>
        </div>
      </Section>

      <Section id="values" tone="slate" title={<Trans>What we believe</Trans>}>
        <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          <li className="flex">
            <FeatureCard icon="check" title={<Trans>Simple beats clever</Trans>}>
              <Trans>If a feature needs a manual to be useful, we have not finished designing it.</Trans>
            </FeatureCard>
          </li>
          <li className="flex">
            <FeatureCard icon="shield" title={<Trans>Your data is yours</Trans>}>
              <Trans>We do not sell personal data or read your conversations to target advertising. Ever.</Trans>
            </FeatureCard>
          </li>
          <li className="flex">
            <FeatureCard icon="globe" title={<Trans>Local and global</Trans>}>
              <Trans>Every screen ships in Vietnamese and English, with dates and prices shown the way you expect.</Trans>
            </FeatureCard>
          </li>
          <li className="flex">
            <FeatureCard icon="users" title={<Trans>Support by people</Trans>}>
              <Trans>Questions reach a real person on our team, through the support chat inside the app.</Trans>
            </FeatureCard>
          </li>
        </ul>
      </Section>

      <Section id="contact" title={<Trans>Get in touch</Trans>}>
        <div className="grid gap-6 md:grid-cols-3">
          <div className="rounded-2xl border border-slate-200 p-6">
            <Icon name="email" className="h-7 w-7 text-indigo-600" />
            <h3 className="mt-3 font-semibold text-slate-900">
              <Trans>Email</Trans>
            </h3>
            <a href={`mailto:${COMPANY.email}`} className="mt-1 block text-indigo-700 hover:underline">
              {COMPANY.email}
            </a>
          </div>
          <div className="rounded-2xl border border-slate-200 p-6">
            <Icon name="phone" className="h-7 w-7 text-indigo-600" />
            <h3 className="mt-3 font-semibold text-slate-900">
              <Trans>Phone</Trans>
            </h3>
            <a href={COMPANY.phoneHref} className="mt-1 block text-indigo-700 hover:underline">
              {COMPANY.phone}
            </a>
            <p className="mt-1 text-sm text-slate-500">
              <Trans>Monday to Friday, 8:30 to 17:30 (GMT+7)</Trans>
            </p>
          </div>
          <div className="rounded-2xl border border-slate-200 p-6">
            <Icon name="business" className="h-7 w-7 text-indigo-600" />
            <h3 className="mt-3 font-semibold text-slate-900">
              <Trans>Office</Trans>
            </h3>
            <address className="mt-1 text-sm leading-6 not-italic text-slate-700">{companyAddress(i18n.locale)}</address>
          </div>
        </div>
      </Section>

      <CtaBanner
        title={<Trans>Want us to set it up for you?</Trans>}
        lead={<Trans>Our managed services team configures, migrates and runs Workroom for organisations of any size.</Trans>}
      >
        <Link to="/maas" className={buttonOnDark}>
          <Trans>See managed services</Trans>
        </Link>
      </CtaBanner>
    </>
  )
}
