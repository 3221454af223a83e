// Run as its own process by job-queue-nodes.test.ts: a queue node on DATABASE_URL whose clock stands
// at argv[2] (epoch ms) and which handles the kind argv[3]. Each job records its run in
// job_queue_test_runs together with its done mark (one transaction) and prints `done <key>`; a job
// whose payload says `hang` prints `hang <key>` and never ends. The test kills it with SIGKILL.
import { sql } from 'drizzle-orm'
import { openDatabase } from '../../server/db/client'
import { createJobQueue } from '../../server/jobs/queue'

const at = Number(process.argv[2])
const kind = process.argv[3]!
const database = await openDatabase({ databaseUrl: process.env.DATABASE_URL, pgliteDir: 'memory://' })
const quiet = () => undefined
const queue = createJobQueue({
  db: database.db,
  log: { info: quiet, warn: quiet, error: quiet },
  now: () => at,
  nodeId: 'child-node',
  settings: { pollMs: 3_600_000, leaseMs: 30_000, batch: 10 },
})
queue.handle(kind, async (job) => {
  if (job.payload.hang) {
    console.log(`hang ${job.key}`)
    await new Promise(() => undefined)
  }
  await database.db.transaction(async (tx) => {
    await tx.execute(sql`insert into job_queue_test_runs (key, node) values (${job.key}, 'child-node')`)
    await job.markDone(tx)
  })
  console.log(`done ${job.key}`)
})
console.log('ready')
await queue.runDue()
