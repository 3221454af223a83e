// Mutation testing of the statecharts: `npm run test:mutation` (not part of `npm test`).
// Report: reports/mutation/index.html and reports/mutation/mutation.json.
/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  testRunner: 'vitest',
  vitest: { configFile: 'vitest.mutation.config.ts', related: true },
  mutate: ['src/machines/**/*.ts', '!src/machines/**/index.ts', '!src/machines/**/*.types.ts'], // types hold no code
  coverageAnalysis: 'perTest',
  // two cores: one test runner each
  concurrency: 2,
  // the first run (every related unit and model test, once, with per-test coverage) takes minutes
  dryRunTimeoutMinutes: 30,
  reporters: ['clear-text', 'progress', 'html', 'json'],
  htmlReporter: { fileName: 'reports/mutation/index.html' },
  jsonReporter: { fileName: 'reports/mutation/mutation.json' },
  clearTextReporter: { allowColor: false, logTests: false, reportScoreTable: true },
  // Stryker rewrites a tsconfig's `extends`/`references` with TypeScript's JS API, which TypeScript 7
  // does not have; tsconfig.json has neither, so point the rewriter at a file that does not exist.
  tsconfigFile: 'tsconfig.none.json',
  tempDirName: 'reports/.stryker-tmp',
  cleanTempDir: 'always',
  ignorePatterns: ['dist', 'data', 'reports', 'test-results', 'playwright-report', 'tests/e2e', 'tests/bench', 'tests/server'],
  thresholds: { high: 90, low: 80, break: null },
}
