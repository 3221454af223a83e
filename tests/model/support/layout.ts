import { afterAll, beforeAll } from 'vitest'

/**
 * The test DOM (happy-dom) lays nothing out: every element measures 0 px, so a virtualised list would show no rows.
 * Inside a describe, this gives scroll containers a tall viewport and every element a row's
 * height, so the virtualiser renders the rows a real browser would show for short lists.
 */
export function withLayout(viewportPx = 100_000, rowPx = 72) {
  const saved = new Map<string, PropertyDescriptor | undefined>()
  const define = (name: 'clientHeight' | 'clientWidth' | 'offsetHeight' | 'offsetWidth', get: (el: HTMLElement) => number) => {
    saved.set(
      name,
      Object.getOwnPropertyDescriptor(HTMLElement.prototype, name) ?? Object.getOwnPropertyDescriptor(Element.prototype, name),
    )
    Object.defineProperty(HTMLElement.prototype, name, {
      configurable: true,
      get(this: HTMLElement) {
        return get(this)
      },
    })
  }
  beforeAll(() => {
    define('clientHeight', () => viewportPx)
    define('clientWidth', () => 800)
    define('offsetHeight', () => rowPx)
    define('offsetWidth', () => 800)
  })
  afterAll(() => {
    for (const [name, descriptor] of saved) {
      if (descriptor) Object.defineProperty(HTMLElement.prototype, name, descriptor)
      else delete (HTMLElement.prototype as unknown as Record<string, unknown>)[name]
    }
  })
}
