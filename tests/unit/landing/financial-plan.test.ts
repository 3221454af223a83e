import { describe, expect, it } from 'vitest'
import { composePlan, INDUSTRIES, SUGGESTIONS } from '../../../src/ui/landing/financial-plan'

describe('financial plan rules', () => {
  it('computes revenue, profit, margin and break-even for a healthy plan', () => {
    const plan = composePlan({ price: 8, salesPerMonth: 600, monthlyCosts: 3500, startupCapital: 15000 })
    expect(plan.monthlyRevenue).toBe(4800)
    expect(plan.monthlyProfit).toBe(1300)
    expect(plan.margin).toBeCloseTo(1300 / 4800)
    expect(plan.breakEvenMonths).toBe(12) // 15000 / 1300 = 11.5 -> 12 months
    expect(plan.salesToCoverCosts).toBe(438) // 3500 / 8 = 437.5 -> 438
    expect(plan.health).toBe('healthy')
  })

  it('calls a margin under 15% thin', () => {
    expect(composePlan({ price: 10, salesPerMonth: 100, monthlyCosts: 900, startupCapital: 0 }).health).toBe('thin')
    expect(composePlan({ price: 10, salesPerMonth: 100, monthlyCosts: 850, startupCapital: 0 }).health).toBe('healthy')
  })

  it('reports a loss with no break-even', () => {
    const plan = composePlan({ price: 5, salesPerMonth: 100, monthlyCosts: 800, startupCapital: 1000 })
    expect(plan.monthlyProfit).toBe(-300)
    expect(plan.health).toBe('loss')
    expect(plan.breakEvenMonths).toBeNull()
    expect(plan.salesToCoverCosts).toBe(160)
  })

  it('treats empty, negative or non-numeric inputs as zero', () => {
    const plan = composePlan({ price: Number.NaN, salesPerMonth: -4, monthlyCosts: Number.POSITIVE_INFINITY, startupCapital: 10 })
    expect(plan).toMatchObject({
      monthlyRevenue: 0,
      monthlyProfit: 0,
      margin: 0,
      breakEvenMonths: null,
      salesToCoverCosts: null,
      health: 'loss',
    })
  })

  it('has suggested answers for every industry', () => {
    for (const industry of INDUSTRIES) {
      expect(SUGGESTIONS[industry].idea.id).toBeTruthy()
      expect(SUGGESTIONS[industry].customers.id).toBeTruthy()
    }
  })
})
