import { Trans, useLingui } from '@lingui/react/macro'
import { COMPANY } from '../company'
import { TeamArt } from '../illustrations'
import { buttonOnDark, buttonPrimary, CheckList, CtaBanner, FeatureCard, PageHero, Section, useDocumentTitle } from '../page-parts'

export function MaasPage() {
  const { t } = useLingui()
  useDocumentTitle(t`Managed services`)
  const mailto = `mailto:${COMPANY.email}?subject=${encodeURIComponent('Workroom managed services')}`
  return (
    <>
      <PageHero
        eyebrow={<Trans>Workroom managed services</Trans>}
        title={<Trans>We run your workroom, you run your organisation</Trans>}
        lead={
          <Trans>
            Our team plans, configures and operates Workroom for you: channels and roles, chatbots, the CRM, booking calendars and training,
            with one contact person who knows your setup.
          </Trans>
        }
        art={<TeamArt />}
      >
        <a href={mailto} className={buttonPrimary}>
          <Trans>Talk to our team</Trans>
        </a>
      </PageHero>

      <Section
        id="services"
        title={<Trans>What we take care of</Trans>}
        lead={<Trans>Pick the pieces you need. Most organisations start with setup and training, then keep us for daily operations.</Trans>}
      >
        <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          <li className="flex">
            <FeatureCard icon="wrench" title={<Trans>Setup and migration</Trans>}>
              <Trans>
                We design your channel structure, create groups and topics, and import your members and contacts from spreadsheets or other
                chat tools.
              </Trans>
            </FeatureCard>
          </li>
          <li className="flex">
            <FeatureCard icon="users" title={<Trans>Administration</Trans>}>
              <Trans>
                We add and remove members, keep owner, admin and member roles right, and review storage and plan usage every month.
              </Trans>
            </FeatureCard>
          </li>
          <li className="flex">
            <FeatureCard icon="chatbot" title={<Trans>Chatbot and CRM design</Trans>}>
              <Trans>
                We write your chatbot's questions and answers, map its answers to CRM fields and set up lead stages that match your sales
                process.
              </Trans>
            </FeatureCard>
          </li>
          <li className="flex">
            <FeatureCard icon="calendar" title={<Trans>Booking calendars</Trans>}>
              <Trans>
                We publish your staff's bookable slots, write the reminder and confirmation emails and connect them to your email templates.
              </Trans>
            </FeatureCard>
          </li>
          <li className="flex">
            <FeatureCard icon="graduation" title={<Trans>Training</Trans>}>
              <Trans>
                Live sessions for admins and staff, in Vietnamese or English, plus short recorded guides your new hires can watch later.
              </Trans>
            </FeatureCard>
          </li>
          <li className="flex">
            <FeatureCard icon="shield" title={<Trans>Priority support</Trans>}>
              <Trans>
                A named account manager, answers within four business hours and a monthly report on how your teams use Workroom.
              </Trans>
            </FeatureCard>
          </li>
        </ul>
      </Section>

      <Section id="process" tone="slate" title={<Trans>How an engagement works</Trans>}>
        <ol className="grid gap-6 md:grid-cols-2 lg:grid-cols-4">
          {[
            {
              title: <Trans>Discovery call</Trans>,
              body: <Trans>A 45-minute call to understand your teams, customers and the tools you use today.</Trans>,
            },
            {
              title: <Trans>Written plan</Trans>,
              body: <Trans>Within a week you receive a plan: channel map, roles, automations, timeline and a fixed price.</Trans>,
            },
            {
              title: <Trans>Launch</Trans>,
              body: <Trans>We build the workroom, move your data, train your people and stay on call during the first week.</Trans>,
            },
            {
              title: <Trans>Run and review</Trans>,
              body: <Trans>We operate it month by month and meet you every quarter to adjust it as you grow.</Trans>,
            },
          ].map((step, i) => (
            <li key={i} className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
              <p className="text-sm font-semibold text-indigo-600">
                <Trans>Step {i + 1}</Trans>
              </p>
              <h3 className="mt-2 text-lg font-semibold text-slate-900">{step.title}</h3>
              <p className="mt-2 text-sm leading-6 text-slate-600">{step.body}</p>
            </li>
          ))}
        </ol>
      </Section>

      <Section id="fit" title={<Trans>A good fit when</Trans>}>
        <div className="max-w-2xl">
          <CheckList
            items={[
              <Trans key="a">You are moving more than 30 people onto Workroom at once</Trans>,
              <Trans key="b">You run several branches, campuses or departments with their own channels</Trans>,
              <Trans key="c">You want a chatbot and CRM working from day one without learning them yourself</Trans>,
              <Trans key="d">Nobody on your team has time to be the full-time administrator</Trans>,
            ]}
          />
        </div>
      </Section>

      <CtaBanner
        title={<Trans>Tell us about your organisation</Trans>}
        lead={<Trans>Write to us and we will reply within one business day to book your discovery call.</Trans>}
      >
        <a href={mailto} className={buttonOnDark}>
          <Trans>Email {COMPANY.email}</Trans>
        </a>
      </CtaBanner>
    </>
  )
}
