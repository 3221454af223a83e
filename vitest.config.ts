import { defineConfig, mergeConfig } from 'vitest/config'
import viteConfig from './vite.config'

export default mergeConfig(
  viteConfig,
  defineConfig({
    test: {
      projects: [
        {
          extends: true,
          test: { name: 'unit', environment: 'jsdom', include: ['tests/unit/**/*.test.{ts,tsx}'], setupFiles: ['tests/unit/setup.ts'] },
        },
        {
          extends: true,
          test: {
            name: 'model',
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
            fileParallelism: false,
          },
        },
      ],
    },
  }),
)
