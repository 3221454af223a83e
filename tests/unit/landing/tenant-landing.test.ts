// @vitest-environment jsdom
import { createElement as h } from 'react'
import { describe, expect, it } from 'vitest'
import { act, fireEvent, render, screen, within } from '@testing-library/react'
import { i18n } from '@lingui/core'
import { I18nProvider } from '@lingui/react'
import { TenantLanding, type TenantLandingVariant } from '../../../src/ui/landing/tenant-landing'

const renderLanding = (variant?: TenantLandingVariant) => render(h(I18nProvider, { i18n }, h(TenantLanding, variant ? { variant } : {})))

describe('tenant landing', () => {
  it.each([
    [undefined, 'hub', 'Where ideas grow into companies'],
    ['study', 'study', 'Study smarter, together'],
    ['move', 'move', 'Move fast. Move together.'],
    ['booster', 'booster', 'From business plan to funding'],
  ] as const)('variant %s renders its headline and mobile login', async (variant, expected, headline) => {
    const { container } = renderLanding(variant)
    const region = screen.getByRole('region', { name: headline })
    expect(region.getAttribute('data-variant')).toBe(expected)
    const mobile = screen.getByRole('region', { name: 'Log in on your phone' })
    expect(within(mobile).getByRole('link', { name: 'Download on the App Store' })).toBeTruthy()
    expect(within(mobile).getByRole('link', { name: 'Get it on Google Play' })).toBeTruthy()
    const qr = await within(mobile).findByRole('img', { name: 'QR code linking to the Workroom app download page' })
    expect(qr.getAttribute('data-qr-value')).toBe(`${window.location.origin}/download-app`)
    expect(container.querySelector('svg[data-qr-value] path')?.getAttribute('d')).toMatch(/^M4 4h1v1h-1z/)
  })

  it('booster shows the statistics, blog teasers and a working financial planner', async () => {
    renderLanding('booster')
    for (const stat of ['1000+', '100+', '10,000,000+']) expect(screen.getByText(stat)).toBeTruthy()
    expect(screen.getByText('startup entrepreneurs')).toBeTruthy()
    expect(screen.getByText('business consultants')).toBeTruthy()
    expect(screen.getByText('dollars raised')).toBeTruthy()
    expect(within(screen.getByRole('region', { name: 'From the Booster blog' })).getAllByRole('link')).toHaveLength(3)

    const planner = await screen.findByRole('region', { name: 'Financial planner' })
    fireEvent.click(within(planner).getByRole('button', { name: 'Suggest an answer for question 2' }))
    fireEvent.click(within(planner).getByRole('button', { name: 'Suggest an answer for question 3' }))
    expect((within(planner).getByLabelText('2. What do you sell, in one sentence?') as HTMLTextAreaElement).value).toMatch(/lunch delivery/)
    fireEvent.change(within(planner).getByLabelText('4. Price per sale (USD)'), { target: { value: '10' } })
    await act(async () => {
      fireEvent.click(within(planner).getByRole('button', { name: 'Compose my plan' }))
    })
    const summary = screen.getByTestId('plan-summary')
    // 10 x 600 = 6000 revenue, 3500 costs -> 2500 profit, 15000 capital -> 6 months
    expect(summary.textContent).toContain('$6,000')
    expect(summary.textContent).toContain('$2,500')
    expect(summary.textContent).toContain('6 months')
  })
})
