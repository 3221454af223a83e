import { createRequire } from 'node:module'
import type { Page } from '@playwright/test'

/**
 * axe-core (the engine behind the browsers' accessibility audits) on a journey's page as it is. It
 * goes in as an inline script, which the app's Content-Security-Policy refuses: a spec using it sets
 * `test.use({ bypassCSP: true })`.
 */
const axeSource = createRequire(import.meta.url).resolve('axe-core/axe.min.js')

/**
 * The page's serious and critical violations (rule id: targets) and, with `names`, any accessible
 * name that leaves out the visible words (label-content-name-mismatch, which axe rates minor).
 */
export async function axeProblems(page: Page, { names = true }: { names?: boolean } = {}): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ path: axeSource })
  return page.evaluate(async (withNames) => {
    type Result = { violations: { id: string; impact: string | null; nodes: { target: string[] }[] }[] }
    const axe = (window as unknown as { axe: { run: (context: Document, options?: unknown) => Promise<Result> } }).axe
    const all = await axe.run(document)
    const mismatched = withNames
      ? (await axe.run(document, { runOnly: { type: 'rule', values: ['label-content-name-mismatch'] } })).violations
      : []
    return [...all.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical'), ...mismatched].map(
      (v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
    )
  }, names)
}
