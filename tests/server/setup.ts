import { workerDatabaseUrl } from './test-databases'

// Each worker on its own database (global-setup.ts made it), read by harness.ts at import. The
// worker's process runs several files: the URL named for the run is kept aside the first time.
const base = (process.env.WORKROOM_TEST_BASE_DATABASE_URL ??= process.env.DATABASE_URL ?? '')
if (base && process.env.VITEST_POOL_ID) process.env.DATABASE_URL = workerDatabaseUrl(base, process.env.VITEST_POOL_ID)
