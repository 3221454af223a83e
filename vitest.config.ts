import { defineConfig, mergeConfig, type TestProjectInlineConfiguration } from 'vitest/config'

type ProjectConfig = NonNullable<TestProjectInlineConfiguration['test']>
import viteConfig from './vite.config'
import { SERVER_TEST_WORKERS } from './tests/server/test-databases'
import { SERVER_FILES_WITH_MODULE_MOCKS, UNIT_FILES_WITH_MODULE_MOCKS } from './tests/support/module-mock-files'

/**
 * A test's timeout guards against a hang; it is not a speed check (benches measure speed). 15 s, not
 * vitest's 5 s: on the 2-core machine under load, ESLint's first run in lint-rules took 18 s.
 */
const HANG_GUARD_MS = 15_000
const unit: ProjectConfig = {
  environment: 'node',
  include: ['tests/unit/**/*.test.{ts,tsx}'],
  setupFiles: ['tests/unit/setup.ts'],
  testTimeout: HANG_GUARD_MS,
}

const server: ProjectConfig = {
  environment: 'node',
  include: ['tests/server/**/*.test.ts'],
  testTimeout: 30_000,
  hookTimeout: 60_000,
  maxWorkers: SERVER_TEST_WORKERS,
  setupFiles: ['tests/server/setup.ts'],
  globalSetup: ['tests/server/global-setup.ts'],
}

export default mergeConfig(
  viteConfig,
  defineConfig({
    test: {
      // Both cores of the 2-core CI machine (vitest's default leaves one idle).
      maxWorkers: 2,
      projects: [
        {
          extends: true,
          // The node environment: a file that renders or needs the DOM says `// @vitest-environment jsdom`.
          test: {
            ...unit,
            name: 'unit',
            // One module graph (and jsdom) per worker, not per file: half the stage's time.
            isolate: false,
            exclude: UNIT_FILES_WITH_MODULE_MOCKS,
          },
        },
        {
          extends: true,
          // Files that mock a module (vi.mock) keep a module graph of their own.
          test: { ...unit, name: 'unit-mocks', include: UNIT_FILES_WITH_MODULE_MOCKS },
        },
        {
          extends: true,
          test: {
            name: 'model',
            // The model files share no globals (each renders and cleans up its own actor): one module graph per worker.
            isolate: false,
            // happy-dom: testing-library's role queries run four times faster than in jsdom (docs/testing.md).
            environment: 'happy-dom',
            include: ['tests/model/**/*.test.{ts,tsx}'],
            testTimeout: HANG_GUARD_MS,
            setupFiles: ['tests/unit/setup.ts'],
            globalSetup: ['tests/model/support/global-setup.ts'],
          },
        },
        {
          test: {
            ...server,
            name: 'server',
            // The server's module graph imported once per worker, not once per file (about 5 s a file).
            isolate: false,
            exclude: SERVER_FILES_WITH_MODULE_MOCKS,
          },
        },
        {
          // Files that mock a module (vi.mock) keep a module graph of their own.
          test: { ...server, name: 'server-mocks', include: SERVER_FILES_WITH_MODULE_MOCKS },
        },
      ],
    },
  }),
)
