import pg from 'pg'
import { SERVER_TEST_WORKERS, workerDatabaseUrl } from './test-databases'

/** With DATABASE_URL: a fresh database per worker (see test-databases.ts) before the run, dropped after it. */
export default async function setup() {
  const base = process.env.DATABASE_URL
  if (!base) return
  const names = Array.from({ length: SERVER_TEST_WORKERS }, (_, i) => new URL(workerDatabaseUrl(base, i + 1)).pathname.slice(1))
  const onAdmin = async (statements: string[]) => {
    const admin = new pg.Client({ connectionString: base })
    await admin.connect()
    try {
      for (const statement of statements) await admin.query(statement)
    } finally {
      await admin.end()
    }
  }
  const drops = names.map((name) => `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`)
  await onAdmin([...drops, ...names.map((name) => `CREATE DATABASE "${name}"`)])
  return () => onAdmin(drops)
}
