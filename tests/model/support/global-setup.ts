import { rmSync } from 'node:fs'
import { REPORT_FILE } from './report'

/** Each model run starts a fresh reports/model-tests.json: entries are this run's, never stale. */
export default function setup() {
  rmSync(REPORT_FILE, { force: true })
}
