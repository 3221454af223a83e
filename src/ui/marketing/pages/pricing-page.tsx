import { Link } from '@tanstack/react-router'
import { Plural, Trans, useLingui } from '@lingui/react/macro'
import { Icon } from '../icons'
import { PageHero, Section, useDocumentTitle } from '../page-parts'
import { formatUsd, PLAN_CARDS } from './plans'

export function PricingPage() {
  const { t } = useLingui()
  useDocumentTitle(t`Pricing`)
  return (
    <>
      <PageHero
        eyebrow={<Trans>Pricing</Trans>}
        title={<Trans>Simple plans that grow with your channels</Trans>}
        lead={
          <Trans>
            Start free with one channel. Upgrade when you need more channels, storage and tools for customers. Prices in US dollars, billed
            monthly, cancel any time.
          </Trans>
        }
      />

      <section aria-label={t`Plans`} className="bg-white">
        <div className="mx-auto grid max-w-7xl gap-6 px-4 pb-16 sm:px-6 md:grid-cols-3 lg:px-8">
          {PLAN_CARDS.map((plan) => {
            const name = t(plan.name)
            const quota = plan.channelQuota
            return (
              <section
                key={plan.id}
                aria-labelledby={`plan-${plan.id}`}
                data-plan={plan.id}
                className={`relative flex flex-col rounded-3xl p-6 lg:p-8 ${
                  plan.highlighted ? 'bg-indigo-600 text-white shadow-xl ring-2 ring-indigo-600' : 'bg-white ring-1 ring-slate-200'
                }`}
              >
                {plan.highlighted ? (
                  <p className="absolute -top-3 left-6 rounded-full bg-amber-400 px-3 py-1 text-xs font-semibold text-slate-900">
                    <Trans>Most popular</Trans>
                  </p>
                ) : null}
                <h2 id={`plan-${plan.id}`} className="text-xl font-semibold">
                  {name}
                </h2>
                <p className={`mt-2 text-sm ${plan.highlighted ? 'text-indigo-100' : 'text-slate-600'}`}>{t(plan.tagline)}</p>
                <p className="mt-6 flex items-baseline gap-1">
                  <span className="text-4xl font-bold tracking-tight">{plan.monthlyUsd === 0 ? t`Free` : formatUsd(plan.monthlyUsd)}</span>
                  {plan.monthlyUsd === 0 ? null : (
                    <span className={`text-sm ${plan.highlighted ? 'text-indigo-100' : 'text-slate-500'}`}>
                      <Trans>per month</Trans>
                    </span>
                  )}
                </p>
                <p
                  data-testid={`quota-${plan.id}`}
                  className={`mt-6 rounded-xl px-4 py-3 text-sm font-semibold ${plan.highlighted ? 'bg-indigo-500' : 'bg-indigo-50 text-indigo-800'}`}
                >
                  <Plural value={quota} one="Administer # channel" other="Administer up to # channels" />
                </p>
                <ul className="mt-6 flex-1 space-y-3 text-sm">
                  <li className="flex gap-3">
                    <Icon name="check" className={`h-5 w-5 shrink-0 ${plan.highlighted ? 'text-white' : 'text-indigo-600'}`} />
                    <span>
                      <Trans>{plan.storageGb} GB of file storage</Trans>
                    </span>
                  </li>
                  {plan.features.map((feature) => (
                    <li key={feature.id} className="flex gap-3">
                      <Icon name="check" className={`h-5 w-5 shrink-0 ${plan.highlighted ? 'text-white' : 'text-indigo-600'}`} />
                      <span>{t(feature)}</span>
                    </li>
                  ))}
                </ul>
                <Link
                  to="/sign-up"
                  className={`mt-8 inline-flex items-center justify-center rounded-lg px-5 py-3 text-sm font-semibold focus-visible:outline-2 focus-visible:outline-offset-2 ${
                    plan.highlighted
                      ? 'bg-white text-indigo-700 hover:bg-indigo-50 focus-visible:outline-white'
                      : 'bg-indigo-600 text-white hover:bg-indigo-500 focus-visible:outline-indigo-600'
                  }`}
                >
                  {t(plan.cta)}
                </Link>
              </section>
            )
          })}
        </div>
      </section>

      <Section id="faq" tone="slate" title={<Trans>Questions about plans</Trans>}>
        <dl className="grid max-w-5xl gap-8 md:grid-cols-2">
          <div>
            <dt className="font-semibold text-slate-900">
              <Trans>What counts towards my channel quota?</Trans>
            </dt>
            <dd className="mt-2 text-sm leading-6 text-slate-600">
              <Trans>Channels you own or administer. You can join as many other channels as you like as a member.</Trans>
            </dd>
          </div>
          <div>
            <dt className="font-semibold text-slate-900">
              <Trans>Can I change plans later?</Trans>
            </dt>
            <dd className="mt-2 text-sm leading-6 text-slate-600">
              <Trans>
                Yes. Upgrade at any time from Pricing inside the app; the new quota and storage apply as soon as the payment succeeds.
              </Trans>
            </dd>
          </div>
          <div>
            <dt className="font-semibold text-slate-900">
              <Trans>What happens if a renewal payment fails?</Trans>
            </dt>
            <dd className="mt-2 text-sm leading-6 text-slate-600">
              <Trans>
                We notify you and retry. If the renewal still fails within 5 days, the subscription is cancelled and your account returns to
                Freemium. Your messages and files are kept.
              </Trans>
            </dd>
          </div>
          <div>
            <dt className="font-semibold text-slate-900">
              <Trans>Do you have plans for larger organisations?</Trans>
            </dt>
            <dd className="mt-2 text-sm leading-6 text-slate-600">
              <Trans>
                If you need more than 100 channels or want us to run Workroom for you, see our{' '}
                <Link to="/maas" className="font-semibold text-indigo-700 underline">
                  managed services
                </Link>
                .
              </Trans>
            </dd>
          </div>
        </dl>
      </Section>
    </>
  )
}
