// Stryker with the unit tests only (vitest.mutation-unit.config.ts): a quick second look at the
// mutants a full run (`npm run test:mutation`) left alive, once unit tests were written for them:
//   npx stryker run stryker.unit.mjs --ignoreStatic --mutate "src/machines/x/x.machine.ts:40-40,..."
// A mutant killed here is killed by the full run too (it runs these tests as well); the README's
// scores for machines measured this way count a mutant killed when either run killed it.
import base from './stryker.config.mjs'

export default { ...base, vitest: { ...base.vitest, configFile: 'vitest.mutation-unit.config.ts' } }
