import { writeFileSync } from 'node:fs'
import { E2E_PORT } from '../../playwright.config'
import { startServerProcess } from '../support/server-process'
import { startTurn } from '../support/turn'
import { SERVER_LOG_POINTER } from './support/email-log'

/** One real server for the e2e run (and coturn beside it when installed); tests find its log (and the emails it sent) through a pointer file. */
export default async function globalSetup() {
  // Calls get a TURN server besides their host candidates (the relay-only call needs it).
  const iceServers = startTurn()
  const server = await startServerProcess(E2E_PORT, {
    ...(iceServers ? { ICE_SERVERS: iceServers } : {}),
    RATE_LIMIT_REGISTER: '1000',
    RATE_LIMIT_LOGIN: '1000',
    RATE_LIMIT_LOGIN_IP: '1000',
    RATE_LIMIT_OTP: '1000',
  })
  writeFileSync(SERVER_LOG_POINTER, server.logFile)
  return () => server.stop()
}
