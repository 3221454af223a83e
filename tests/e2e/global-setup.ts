import { writeFileSync } from 'node:fs'
import { E2E_PORT } from '../../playwright.config'
import { startServerProcess } from '../support/server-process'
import { SERVER_LOG_POINTER } from './support/email-log'

/** One real server for the e2e run; tests find its log (and the emails it sent) through a pointer file. */
export default async function globalSetup() {
  const server = await startServerProcess(E2E_PORT, {
    RATE_LIMIT_REGISTER: '1000',
    RATE_LIMIT_LOGIN: '1000',
    RATE_LIMIT_LOGIN_IP: '1000',
    RATE_LIMIT_OTP: '1000',
  })
  writeFileSync(SERVER_LOG_POINTER, server.logFile)
  return () => server.stop()
}
