import { type ChildProcess, spawn } from 'node:child_process'
import { existsSync, readdirSync } from 'node:fs'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'

/**
 * Janus (Debian package `janus` 1.1) for tests and the bench: started with a configuration of its
 * own, written to a temporary folder, that serves only what Workroom uses: the HTTP transport on
 * 127.0.0.1 and the videoroom plugin; every other transport, plugin, logger and event handler is
 * off. Media candidates come from the machine's interfaces and loopback, without STUN.
 *
 *   const janus = await startJanus()   // janus.url: http://127.0.0.1:<port>/janus
 *   ...
 *   await janus.stop()
 *
 * From a shell (CI, a Playwright run through Janus): `node --import tsx tests/support/janus.ts [port]`
 * starts it, prints JANUS_URL=<url> once it answers, and stops it on SIGTERM or SIGINT.
 * JANUS_DEBUG=1 copies Janus's log to stderr.
 */
export interface RunningJanus {
  url: string
  /** The Janus process (its CPU time: /proc/<pid>/stat). */
  pid: number
  stop(): Promise<void>
}

export const JANUS_BINARY = '/usr/bin/janus'

/** Why Janus cannot start here (not installed), or null. */
export function janusMissing(): string | null {
  if (!existsSync(JANUS_BINARY)) return `${JANUS_BINARY} is missing (apt-get install -y janus)`
  if (!janusLibraries()) return 'the janus package has no plugins folder under /usr/lib/*/janus'
  return null
}

/** /usr/lib/<multiarch>/janus, where the Debian package keeps plugins and transports. */
function janusLibraries(): string | null {
  for (const dir of readdirSync('/usr/lib')) {
    const candidate = path.join('/usr/lib', dir, 'janus')
    if (existsSync(path.join(candidate, 'plugins', 'libjanus_videoroom.so'))) return candidate
  }
  return null
}

function libraries(folder: string, keep: string[]) {
  return readdirSync(folder)
    .filter((file) => file.endsWith('.so') && !keep.includes(file))
    .join(',')
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      const port = typeof address === 'object' && address ? address.port : 0
      server.close(() => resolve(port))
    })
  })
}

export async function startJanus(opts: { port?: number; timeoutMs?: number } = {}): Promise<RunningJanus> {
  const missing = janusMissing()
  const libs = janusLibraries()
  if (missing || !libs) throw new Error(`Janus cannot start: ${missing}`)
  const port = opts.port ?? (await freePort())
  const dir = await mkdtemp(path.join(tmpdir(), 'workroom-janus-'))
  const plugins = path.join(libs, 'plugins')
  const transports = path.join(libs, 'transports')
  await writeFile(
    path.join(dir, 'janus.jcfg'),
    `general: {
  configs_folder = "${dir}"
  plugins_folder = "${plugins}"
  transports_folder = "${transports}"
  events_folder = "${path.join(libs, 'events')}"
  loggers_folder = "${path.join(libs, 'loggers')}"
  debug_level = 3
  session_timeout = 60
  server_name = "workroom-test"
}
certificates: {
}
media: {
  rtp_port_range = "20000-40000"
}
nat: {
  ice_lite = false
  ice_tcp = false
  full_trickle = false
  ignore_mdns = true
  ice_ignore_list = "vmnet"
}
plugins: {
  disable = "${libraries(plugins, ['libjanus_videoroom.so'])}"
}
transports: {
  disable = "${libraries(transports, ['libjanus_http.so'])}"
}
loggers: {
  disable = "${libraries(path.join(libs, 'loggers'), [])}"
}
events: {
  broadcast = false
}
`,
  )
  await writeFile(
    path.join(dir, 'janus.transport.http.jcfg'),
    `general: {
  json = "plain"
  base_path = "/janus"
  http = true
  port = ${port}
  ip = "127.0.0.1"
  https = false
}
admin: {
  admin_http = false
  admin_https = false
}
`,
  )
  await writeFile(path.join(dir, 'janus.plugin.videoroom.jcfg'), 'general: {\n}\n')
  const child: ChildProcess = spawn(JANUS_BINARY, ['-C', path.join(dir, 'janus.jcfg'), '-F', dir, '-o'], {
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-8000)
  }
  child.stdout?.on('data', keep)
  if (process.env.JANUS_DEBUG) child.stdout?.pipe(process.stderr)
  child.stderr?.on('data', keep)
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  const url = `http://127.0.0.1:${port}/janus`
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM')
    await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5000))])
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL')
    await rm(dir, { recursive: true, force: true })
  }
  const deadline = Date.now() + (opts.timeoutMs ?? 15_000)
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) {
      await stop()
      throw new Error(`Janus exited at start (${child.exitCode ?? child.signalCode}):\n${output}`)
    }
    const answered = await fetch(`${url}/info`)
      .then((res) => res.ok)
      .catch(() => false)
    if (answered) break
    if (Date.now() > deadline) {
      await stop()
      throw new Error(`Janus did not answer on ${url} within ${opts.timeoutMs ?? 15_000} ms:\n${output}`)
    }
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  return { url, pid: child.pid ?? 0, stop }
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(new URL(import.meta.url).pathname)) {
  const janus = await startJanus({ port: process.argv[2] ? Number(process.argv[2]) : undefined })
  console.log(`JANUS_URL=${janus.url}`)
  const quit = () => void janus.stop().then(() => process.exit(0))
  process.once('SIGTERM', quit)
  process.once('SIGINT', quit)
}
