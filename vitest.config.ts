import { defineConfig, mergeConfig } from 'vitest/config'
import viteConfig from './vite.config'
import { SERVER_TEST_WORKERS } from './tests/server/test-databases'

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
          test: { name: 'unit', environment: 'node', include: ['tests/unit/**/*.test.{ts,tsx}'], setupFiles: ['tests/unit/setup.ts'] },
        },
        {
          extends: true,
          test: {
            name: 'model',
            // The model files share no globals (each renders and cleans up its own actor): one module graph per worker.
            isolate: false,
            environment: 'jsdom',
            include: ['tests/model/**/*.test.{ts,tsx}'],
            setupFiles: ['tests/unit/setup.ts'],
            globalSetup: ['tests/model/support/global-setup.ts'],
          },
        },
        {
          test: {
            name: 'server',
            environment: 'node',
            include: ['tests/server/**/*.test.ts'],
            testTimeout: 30_000,
            hookTimeout: 60_000,
            maxWorkers: SERVER_TEST_WORKERS,
            setupFiles: ['tests/server/setup.ts'],
            globalSetup: ['tests/server/global-setup.ts'],
          },
        },
      ],
    },
  }),
)
