import { useId, useState, type FormEvent } from 'react'
import { Plural, Trans, useLingui } from '@lingui/react/macro'
import { composePlan, INDUSTRIES, INDUSTRY_LABELS, SUGGESTIONS, type Industry, type PlanAnswers, type PlanSummary } from './financial-plan'

const usd = (n: number) => new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0 }).format(n)
const percent = (n: number) => new Intl.NumberFormat('en-US', { style: 'percent', maximumFractionDigits: 0 }).format(n)

const input =
  'mt-1 block w-full rounded-lg border-0 bg-white px-3 py-2 text-sm text-slate-900 ring-1 ring-slate-300 placeholder:text-slate-400 focus:ring-2 focus:ring-amber-500 focus:outline-none'
const label = 'block text-sm font-medium text-slate-800'

function SparkIcon() {
  return (
    <svg viewBox="0 0 24 24" className="h-4 w-4" aria-hidden="true" focusable="false">
      <path d="M12 3l2 5 5 2-5 2-2 5-2-5-5-2 5-2 2-5z" fill="currentColor" />
    </svg>
  )
}

/** Business plan Q&A with suggested ("AI") answers; the summary is composed on the device. */
export function FinancialPlanner() {
  const { t } = useLingui()
  const id = useId()
  const [answers, setAnswers] = useState<PlanAnswers>({
    idea: '',
    industry: 'food',
    customers: '',
    price: 8,
    salesPerMonth: 600,
    monthlyCosts: 3500,
    startupCapital: 15000,
  })
  const [result, setResult] = useState<{ answers: PlanAnswers; summary: PlanSummary } | null>(null)
  const set = <K extends keyof PlanAnswers>(key: K, value: PlanAnswers[K]) => setAnswers((a) => ({ ...a, [key]: value }))
  const suggest = (field: 'idea' | 'customers') => set(field, t(SUGGESTIONS[answers.industry][field]))

  const onSubmit = (event: FormEvent) => {
    event.preventDefault()
    setResult({ answers, summary: composePlan(answers) })
  }

  const suggestButton =
    'inline-flex items-center gap-1 rounded-md px-2 py-1 text-xs font-semibold text-amber-800 ring-1 ring-amber-300 hover:bg-amber-100 focus-visible:outline-2 focus-visible:outline-amber-500'

  return (
    <section aria-labelledby={`${id}-title`} className="rounded-2xl bg-white/95 p-5 text-slate-900 shadow-lg">
      <h3 id={`${id}-title`} className="text-lg font-semibold">
        <Trans>Financial planner</Trans>
      </h3>
      <p className="mt-1 text-sm text-slate-600">
        <Trans>
          Answer a few questions and get a first business plan summary. Suggested answers are written on your device from templates; edit
          them freely.
        </Trans>
      </p>
      <form onSubmit={onSubmit} className="mt-4 grid gap-4 sm:grid-cols-2">
        <div className="sm:col-span-2">
          <label htmlFor={`${id}-industry`} className={label}>
            <Trans>1. Which industry are you in?</Trans>
          </label>
          <select
            id={`${id}-industry`}
            value={answers.industry}
            onChange={(e) => set('industry', e.target.value as Industry)}
            className={input}
          >
            {INDUSTRIES.map((industry) => (
              <option key={industry} value={industry}>
                {t(INDUSTRY_LABELS[industry])}
              </option>
            ))}
          </select>
        </div>
        <div className="sm:col-span-2">
          <div className="flex items-end justify-between gap-2">
            <label htmlFor={`${id}-idea`} className={label}>
              <Trans>2. What do you sell, in one sentence?</Trans>
            </label>
            <button
              type="button"
              onClick={() => suggest('idea')}
              className={suggestButton}
              aria-label={t`Suggest an answer for question 2`}
            >
              <SparkIcon />
              <Trans>Suggest</Trans>
            </button>
          </div>
          <textarea
            id={`${id}-idea`}
            rows={2}
            required
            value={answers.idea}
            onChange={(e) => set('idea', e.target.value)}
            className={input}
          />
        </div>
        <div className="sm:col-span-2">
          <div className="flex items-end justify-between gap-2">
            <label htmlFor={`${id}-customers`} className={label}>
              <Trans>3. Who are your customers?</Trans>
            </label>
            <button
              type="button"
              onClick={() => suggest('customers')}
              className={suggestButton}
              aria-label={t`Suggest an answer for question 3`}
            >
              <SparkIcon />
              <Trans>Suggest</Trans>
            </button>
          </div>
          <textarea
            id={`${id}-customers`}
            rows={2}
            required
            value={answers.customers}
            onChange={(e) => set('customers', e.target.value)}
            className={input}
          />
        </div>
        <div>
          <label htmlFor={`${id}-price`} className={label}>
            <Trans>4. Price per sale (USD)</Trans>
          </label>
          <input
            id={`${id}-price`}
            type="number"
            min={0}
            step="any"
            inputMode="decimal"
            required
            value={answers.price}
            onChange={(e) => set('price', e.target.valueAsNumber)}
            className={input}
          />
        </div>
        <div>
          <label htmlFor={`${id}-sales`} className={label}>
            <Trans>5. Sales per month</Trans>
          </label>
          <input
            id={`${id}-sales`}
            type="number"
            min={0}
            step={1}
            inputMode="numeric"
            required
            value={answers.salesPerMonth}
            onChange={(e) => set('salesPerMonth', e.target.valueAsNumber)}
            className={input}
          />
        </div>
        <div>
          <label htmlFor={`${id}-costs`} className={label}>
            <Trans>6. Monthly costs (USD)</Trans>
          </label>
          <input
            id={`${id}-costs`}
            type="number"
            min={0}
            step="any"
            inputMode="decimal"
            required
            value={answers.monthlyCosts}
            onChange={(e) => set('monthlyCosts', e.target.valueAsNumber)}
            className={input}
          />
        </div>
        <div>
          <label htmlFor={`${id}-capital`} className={label}>
            <Trans>7. Starting capital needed (USD)</Trans>
          </label>
          <input
            id={`${id}-capital`}
            type="number"
            min={0}
            step="any"
            inputMode="decimal"
            required
            value={answers.startupCapital}
            onChange={(e) => set('startupCapital', e.target.valueAsNumber)}
            className={input}
          />
        </div>
        <div className="sm:col-span-2">
          <button
            type="submit"
            className="w-full rounded-lg bg-amber-500 px-4 py-2.5 text-sm font-semibold text-slate-900 hover:bg-amber-400 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-amber-600"
          >
            <Trans>Compose my plan</Trans>
          </button>
        </div>
      </form>

      <div aria-live="polite">{result ? <PlanResult {...result} /> : null}</div>
    </section>
  )
}

function PlanResult({ answers, summary }: { answers: PlanAnswers; summary: PlanSummary }) {
  const { t } = useLingui()
  const revenue = usd(summary.monthlyRevenue)
  const profit = usd(summary.monthlyProfit)
  const loss = usd(-summary.monthlyProfit)
  const margin = percent(summary.margin)
  const capital = usd(answers.startupCapital || 0)
  const months = summary.breakEvenMonths ?? 0
  const coverSales = summary.salesToCoverCosts ?? 0
  const industry = t(INDUSTRY_LABELS[answers.industry])
  return (
    <article data-testid="plan-summary" className="mt-5 rounded-xl border border-amber-200 bg-amber-50 p-4 text-sm">
      <h4 className="font-semibold text-slate-900">
        <Trans>Your plan summary</Trans>
      </h4>
      <p className="mt-2 text-slate-700">
        <Trans>
          <strong>Business:</strong> {answers.idea} ({industry})
        </Trans>
      </p>
      <p className="mt-1 text-slate-700">
        <Trans>
          <strong>Customers:</strong> {answers.customers}
        </Trans>
      </p>
      <dl className="mt-3 grid grid-cols-2 gap-2">
        <div className="rounded-lg bg-white p-2">
          <dt className="text-xs text-slate-500">
            <Trans>Monthly revenue</Trans>
          </dt>
          <dd className="font-semibold text-slate-900">{revenue}</dd>
        </div>
        <div className="rounded-lg bg-white p-2">
          <dt className="text-xs text-slate-500">
            <Trans>Monthly profit</Trans>
          </dt>
          <dd className={`font-semibold ${summary.monthlyProfit < 0 ? 'text-red-700' : 'text-slate-900'}`}>{profit}</dd>
        </div>
        <div className="rounded-lg bg-white p-2">
          <dt className="text-xs text-slate-500">
            <Trans>Profit margin</Trans>
          </dt>
          <dd className="font-semibold text-slate-900">{margin}</dd>
        </div>
        <div className="rounded-lg bg-white p-2">
          <dt className="text-xs text-slate-500">
            <Trans>Break-even</Trans>
          </dt>
          <dd className="font-semibold text-slate-900">
            {summary.breakEvenMonths === null ? <Trans>Not yet</Trans> : <Plural value={months} one="# month" other="# months" />}
          </dd>
        </div>
      </dl>
      <p className="mt-3 text-slate-800">
        {summary.health === 'loss' ? (
          <Trans>
            At these numbers you lose {loss} a month and need {coverSales} sales a month just to cover costs. Raise the price, sell more or
            cut costs before you raise money.
          </Trans>
        ) : summary.health === 'thin' ? (
          <Trans>
            You make a profit, but a thin one ({margin}). One slow month could wipe it out: look for a higher price or lower costs.
          </Trans>
        ) : (
          <Trans>
            A healthy {margin} margin. At this pace you earn back your {capital} starting capital in about{' '}
            <Plural value={months} one="# month" other="# months" />.
          </Trans>
        )}
      </p>
      <p className="mt-2 text-slate-600">
        <Trans>Next step: sign in and share this summary with a business consultant in the Booster channel.</Trans>
      </p>
    </article>
  )
}

export default FinancialPlanner
