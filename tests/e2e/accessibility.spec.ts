import { createRequire } from 'node:module'
import { expect, test, type Page } from './support/test'

/**
 * axe-core (the engine behind the browsers' accessibility audits) on pages a visitor opens first:
 * every control's accessible name contains the text it shows (label-content-name-mismatch, WCAG
 * 2.5.3: a voice-control user says what they see), and buttons and links have names.
 */

const axeSource = createRequire(import.meta.url).resolve('axe-core/axe.min.js')

interface AxeResult {
  violations: { id: string; nodes: { target: string[] }[] }[]
  passes: { id: string }[]
}

async function audit(page: Page, rules: string[]): Promise<AxeResult> {
  await page.addScriptTag({ path: axeSource })
  return page.evaluate(async (values) => {
    const axe = (window as unknown as { axe: { run: (context: Document, options: unknown) => Promise<AxeResult> } }).axe
    const result = await axe.run(document, { runOnly: { type: 'rule', values } })
    return {
      violations: result.violations.map((v) => ({ id: v.id, nodes: v.nodes.map((n) => ({ target: n.target })) })),
      passes: result.passes.map((p) => ({ id: p.id })),
    }
  }, rules)
}

// axe goes in as an inline script, which the app's Content-Security-Policy refuses to run.
test.use({ bypassCSP: true })

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => sessionStorage.setItem('workroom.app-offered', '1'))
})

for (const path of ['/', '/pricing', '/login', '/sign-up']) {
  test(`${path}: accessible names contain the visible text`, async ({ page }) => {
    await page.goto(path)
    const language = page.getByRole('button', { name: 'Language EN', exact: true })
    await expect(language).toBeVisible()
    await expect(language).toHaveText('EN')
    const result = await audit(page, ['label-content-name-mismatch', 'button-name', 'link-name'])
    expect(result.violations).toEqual([])
    // the rule did look at the language button (it applies to elements named by aria-label)
    expect(result.passes.map((p) => p.id)).toContain('label-content-name-mismatch')
  })
}
