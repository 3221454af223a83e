/**
 * With DATABASE_URL set, the server tests run two files at a time, each worker on a database of
 * its own beside the one named (`<name>_w1`, `<name>_w2`, ...): one worker's files then meet only
 * what they left themselves, as when every file ran one after another on the one database.
 */
export const SERVER_TEST_WORKERS = 2

export function workerDatabaseUrl(base: string, worker: number | string): string {
  const url = new URL(base)
  url.pathname = `${url.pathname.replace(/^\//, '') || 'postgres'}_w${worker}`
  return url.toString()
}
