// The unit project of vitest.config.ts alone, for `stryker.unit.mjs` (see there).
import type { TestProjectInlineConfiguration } from 'vitest/config'
import base from './vitest.config'

const projects = (base.test?.projects ?? []) as TestProjectInlineConfiguration[]

export default {
  ...base,
  test: {
    ...base.test,
    projects: projects.filter((p) => p.test?.name === 'unit').map((p) => ({ ...p, test: { ...p.test, testTimeout: 60_000 } })),
  },
}
