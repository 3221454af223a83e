import { afterEach } from 'vitest'
import { i18n } from '@lingui/core'

i18n.loadAndActivate({ locale: 'en', messages: {} })

// Files that render (`// @vitest-environment jsdom`) unmount what they rendered after each test.
if (typeof document !== 'undefined') {
  // jsdom has no ResizeObserver; Headless UI's anchored panels (menus) watch their button with one.
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  }
  const { cleanup } = await import('@testing-library/react')
  afterEach(() => cleanup())
}
