// @vitest-environment jsdom
import { createElement as h } from 'react'
import { describe, expect, it } from 'vitest'
import { screen, within } from '@testing-library/react'
import { CHANNEL_QUOTA, PLANS, storageQuota } from '../../../contract/limits'
import { PricingPage } from '../../../src/ui/marketing/pages/pricing-page'
import { PLAN_CARDS, formatUsd } from '../../../src/ui/marketing/pages/plans'
import { renderWithRouter } from './render-with-router'

describe('pricing page', () => {
  it('lists the three plans in order with quotas read from the contract', () => {
    expect(PLAN_CARDS.map((p) => p.id)).toEqual([...PLANS])
    for (const plan of PLAN_CARDS) expect(plan.channelQuota).toBe(CHANNEL_QUOTA[plan.id])
  })

  it('renders each plan with its quota, price and a sign-up button', async () => {
    renderWithRouter(() => h(PricingPage))
    const plans = await screen.findByRole('region', { name: 'Plans' })
    const cards = within(plans)
      .getAllByRole('heading', { level: 2 })
      .map((heading) => heading.closest('section')!)
    expect(cards.map((c) => c.getAttribute('data-plan'))).toEqual(['freemium', 'premium', 'growth'])

    expect(screen.getByTestId('quota-freemium').textContent).toBe(`Administer ${CHANNEL_QUOTA.freemium} channel`)
    expect(screen.getByTestId('quota-premium').textContent).toBe(`Administer up to ${CHANNEL_QUOTA.premium} channels`)
    expect(screen.getByTestId('quota-growth').textContent).toBe(`Administer up to ${CHANNEL_QUOTA.growth} channels`)

    // the storage each card promises is the quota the server enforces on uploads (1 GB = 1024³ bytes)
    PLANS.forEach((plan, i) => expect(within(cards[i]).getByText(`${storageQuota(plan) / 1024 ** 3} GB of file storage`)).toBeTruthy())
    expect(within(cards[0]).getByText('1 GB of file storage')).toBeTruthy()

    expect(within(cards[0]).getByText('Free')).toBeTruthy()
    expect(within(cards[1]).getByText('$9')).toBeTruthy()
    expect(within(cards[2]).getByText('$49')).toBeTruthy()

    for (const [card, name] of [
      [cards[0], 'Start free'],
      [cards[1], 'Choose Premium'],
      [cards[2], 'Choose Growth'],
    ] as const) {
      expect(within(card).getByRole('link', { name }).getAttribute('href')).toBe('/sign-up')
    }
  })

  it('formats prices as USD in en-US', () => {
    expect(formatUsd(9)).toBe('$9')
    expect(formatUsd(1200)).toBe('$1,200')
  })
})
