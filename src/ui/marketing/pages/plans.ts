import { msg } from '@lingui/core/macro'
import type { MessageDescriptor } from '@lingui/core'
import { PLAN_LIMITS, PLANS } from '../../../../contract/limits'

export type PlanId = (typeof PLANS)[number]

export interface PlanCard {
  id: PlanId
  name: MessageDescriptor
  tagline: MessageDescriptor
  /** USD per month; 0 is free. */
  monthlyUsd: number
  /** Channels the user may administer and GB of storage: the figures the server enforces. */
  channelQuota: number
  storageGb: number
  features: MessageDescriptor[]
  cta: MessageDescriptor
  highlighted: boolean
}

const DETAILS: Record<PlanId, Omit<PlanCard, 'id' | 'channelQuota' | 'storageGb'>> = {
  freemium: {
    name: msg`Freemium`,
    tagline: msg`For individuals and small groups getting started.`,
    monthlyUsd: 0,
    features: [
      msg`Unlimited topic chats and friend contacts`,
      msg`Calendar, reminders and to-dos`,
      msg`Polls and one-to-one voice and video calls`,
      msg`Web, iOS and Android apps`,
    ],
    cta: msg`Start free`,
    highlighted: false,
  },
  premium: {
    name: msg`Premium`,
    tagline: msg`For teams and classes that meet and book every day.`,
    monthlyUsd: 9,
    features: [
      msg`Everything in Freemium`,
      msg`Group calls and meetings with a join code`,
      msg`Public booking pages for your free slots`,
      msg`One chatbot and reusable email templates`,
    ],
    cta: msg`Choose Premium`,
    highlighted: true,
  },
  growth: {
    name: msg`Growth`,
    tagline: msg`For businesses and schools running many channels.`,
    monthlyUsd: 49,
    features: [
      msg`Everything in Premium`,
      msg`CRM with lead stages and unlimited leads`,
      msg`Unlimited chatbots and email campaigns`,
      msg`Priority support from a named contact`,
    ],
    cta: msg`Choose Growth`,
    highlighted: false,
  },
}

/** The three plans in order, with their figures read from contract/limits.ts. */
export const PLAN_CARDS: PlanCard[] = PLANS.map((id) => ({
  id,
  channelQuota: PLAN_LIMITS[id].channels,
  storageGb: PLAN_LIMITS[id].storageGb,
  ...DETAILS[id],
}))

/** Prices are in US dollars, formatted en-US (docs/product-rules.md, Money). */
export const formatUsd = (amount: number) =>
  new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0 }).format(amount)
