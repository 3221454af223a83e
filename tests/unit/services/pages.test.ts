import { describe, expect, it } from 'vitest'
import { everyPage } from '../../../src/services/pages'

const pages = (total: number) => {
  const asked: number[] = []
  const load = async (page: number) => {
    asked.push(page)
    return Array.from({ length: Math.max(0, Math.min(20, total - (page - 1) * 20)) }, (_, i) => (page - 1) * 20 + i)
  }
  return { asked, load }
}

describe('everyPage', () => {
  it('reads pages of 20 until a short one', async () => {
    const list = pages(45)
    expect(await everyPage(list.load)).toHaveLength(45)
    expect(list.asked).toEqual([1, 2, 3])
  })

  it('asks once more after a full last page, and stops at the page limit', async () => {
    const exact = pages(40)
    expect(await everyPage(exact.load)).toHaveLength(40)
    expect(exact.asked).toEqual([1, 2, 3])
    const huge = pages(10_000)
    expect(await everyPage(huge.load, 3)).toHaveLength(60)
  })
})
