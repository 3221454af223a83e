// The unit project alone, for `stryker.unit.mjs` (see there).
import { withProjects } from './vitest.mutation.config'

export default withProjects(['unit'])
