import { afterEach } from 'vitest'
import { i18n } from '@lingui/core'

i18n.loadAndActivate({ locale: 'en', messages: {} })

// Files that render (`// @vitest-environment jsdom`) unmount what they rendered after each test.
if (typeof document !== 'undefined') {
  const { cleanup } = await import('@testing-library/react')
  afterEach(() => cleanup())
}

// jsdom has no ResizeObserver; Headless UI's anchored menus watch their button with one. Nothing is laid out here, so it never calls back.
if (typeof window !== 'undefined' && typeof globalThis.ResizeObserver === 'undefined') {
  globalThis.ResizeObserver = class {
    observe() {}
    unobserve() {}
    disconnect() {}
  }
}
