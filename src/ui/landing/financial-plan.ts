import { msg } from '@lingui/core/macro'
import type { MessageDescriptor } from '@lingui/core'

/** The startup booster's business-plan Q&A: pure rules that turn answers into a plan summary. */
export const INDUSTRIES = ['food', 'retail', 'education', 'technology', 'services'] as const
export type Industry = (typeof INDUSTRIES)[number]

export const INDUSTRY_LABELS: Record<Industry, MessageDescriptor> = {
  food: msg`Food and drink`,
  retail: msg`Retail and e-commerce`,
  education: msg`Education and training`,
  technology: msg`Software and technology`,
  services: msg`Professional services`,
}

export interface PlanAnswers {
  idea: string
  industry: Industry
  customers: string
  /** USD per sale. */
  price: number
  /** Sales per month. */
  salesPerMonth: number
  /** USD per month: rent, salaries, tools, marketing. */
  monthlyCosts: number
  /** USD needed before the first sale. */
  startupCapital: number
}

export type PlanHealth = 'loss' | 'thin' | 'healthy'

export interface PlanSummary {
  monthlyRevenue: number
  monthlyProfit: number
  /** Profit as a share of revenue, 0..1 (negative when losing money); 0 without revenue. */
  margin: number
  /** Months of profit needed to earn back the startup capital; null when there is no profit. */
  breakEvenMonths: number | null
  /** Sales per month needed to cover the monthly costs; null when the price is 0. */
  salesToCoverCosts: number | null
  health: PlanHealth
}

const finite = (n: number) => (Number.isFinite(n) && n > 0 ? n : 0)

export function composePlan(answers: Pick<PlanAnswers, 'price' | 'salesPerMonth' | 'monthlyCosts' | 'startupCapital'>): PlanSummary {
  const price = finite(answers.price)
  const sales = finite(answers.salesPerMonth)
  const costs = finite(answers.monthlyCosts)
  const capital = finite(answers.startupCapital)
  const monthlyRevenue = price * sales
  const monthlyProfit = monthlyRevenue - costs
  const margin = monthlyRevenue > 0 ? monthlyProfit / monthlyRevenue : 0
  const breakEvenMonths = monthlyProfit > 0 ? Math.ceil(capital / monthlyProfit) : null
  const salesToCoverCosts = price > 0 ? Math.ceil(costs / price) : null
  const health: PlanHealth = monthlyProfit <= 0 ? 'loss' : margin < 0.15 ? 'thin' : 'healthy'
  return { monthlyRevenue, monthlyProfit, margin, breakEvenMonths, salesToCoverCosts, health }
}

/** Suggested answers for the text questions, per industry (written on the device, no network). */
export const SUGGESTIONS: Record<Industry, { idea: MessageDescriptor; customers: MessageDescriptor }> = {
  food: {
    idea: msg`A healthy lunch delivery service for offices, with a weekly menu ordered by chat.`,
    customers: msg`Office workers aged 22 to 40 within 3 km of the kitchen, and HR teams buying team lunches.`,
  },
  retail: {
    idea: msg`An online shop for locally made home goods, with live-stream sales every weekend.`,
    customers: msg`Young families furnishing their first apartment who shop on their phones.`,
  },
  education: {
    idea: msg`Small-group English speaking classes online, with booking by the lesson.`,
    customers: msg`University students and young professionals preparing for interviews or IELTS.`,
  },
  technology: {
    idea: msg`A booking and reminder app for clinics and beauty salons, paid monthly.`,
    customers: msg`Owners of small clinics and salons with 2 to 10 staff who still take bookings by phone.`,
  },
  services: {
    idea: msg`Bookkeeping and tax filing for freelancers and small shops, handled by chat.`,
    customers: msg`Freelancers and household businesses without an in-house accountant.`,
  },
}
