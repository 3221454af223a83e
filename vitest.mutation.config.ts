// The unit and model projects of vitest.config.ts, for Stryker (`npm run test:mutation`): the tests
// that can kill a mutant of src/machines (the server project does not import the machines). Stryker
// instruments every machine and runs two test runners side by side, so a test gets more time.
import type { TestProjectInlineConfiguration } from 'vitest/config'
import base from './vitest.config'

const projects = (base.test?.projects ?? []) as TestProjectInlineConfiguration[]

/** vitest.config.ts with only the named projects, each test given 60 s. */
export function withProjects(names: readonly string[]) {
  return {
    ...base,
    test: {
      ...base.test,
      projects: projects
        .filter((p) => typeof p.test?.name === 'string' && names.includes(p.test.name))
        .map((p) => ({ ...p, test: { ...p.test, testTimeout: 60_000 } })),
    },
  }
}

export default withProjects(['unit', 'model'])
