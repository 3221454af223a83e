// Run as its own process by pglite-lock.test.ts: opens the embedded database in argv[2], closes it,
// prints "opened" and exits 0; or prints the error's message and exits 1.
import { openDatabase } from '../../server/db/client'

try {
  const db = await openDatabase({ pgliteDir: process.argv[2]! })
  await db.close()
  console.log('opened')
} catch (err) {
  console.error((err as Error).message)
  process.exit(1)
}
