import { spawn, type ChildProcess } from 'node:child_process'
import { createWriteStream, mkdtempSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { ensure, serverBuild } from '../../tools/build/parts'

export interface RunningServer {
  url: string
  logFile: string
  /** The server's process (with an IPC channel when started with `ipc`). */
  process: ChildProcess
  stop(): Promise<void>
}

let serverBuilt: Promise<unknown> | undefined

export interface ServerProcessOptions {
  /** Modules the server process imports before its own (`--import`, after tsx), e.g. a bench probe. */
  preload?: readonly string[]
  /** Opens an IPC channel to the process (for a preloaded probe to answer on). */
  ipc?: boolean
}

/**
 * The command line of `npm run serve` (what `npm start` runs once it has built): process.execPath
 * and its arguments, run from the repository root. It runs the built server (build/server/), made
 * again here first when a source changed since (about a second), so a test never runs stale code.
 */
export async function serveCommand(): Promise<[string, ...string[]]> {
  serverBuilt ??= ensure(serverBuild)
  await serverBuilt
  const { scripts } = JSON.parse(readFileSync('package.json', 'utf8')) as { scripts: Record<string, string> }
  const [node, ...args] = scripts.serve.trim().split(/\s+/)
  if (node !== 'node') throw new Error(`the serve script does not start with node: ${scripts.serve}`)
  return [process.execPath, ...args]
}

/**
 * Starts the server as `npm run serve` does (the built server, with its V8 flags) on a fresh
 * embedded database, logging to a file.
 * With SERVER_CPU_PROFILE_DIR set, the server writes a V8 CPU profile there when it stops.
 */
export async function startServerProcess(
  port: number,
  env: Record<string, string> = {},
  { preload = [], ipc = false }: ServerProcessOptions = {},
): Promise<RunningServer> {
  const taken = await fetch(`http://127.0.0.1:${port}/api/health`).then(
    () => true,
    () => false,
  )
  if (taken) throw new Error(`port ${port} is already serving; stop that server or set E2E_PORT / BENCH_PORT`)
  const dataDir = mkdtempSync(join(tmpdir(), 'workroom-e2e-'))
  const logFile = join(dataDir, 'server.log')
  const log = createWriteStream(logFile)
  const profile = process.env.SERVER_CPU_PROFILE_DIR ? ['--cpu-prof', `--cpu-prof-dir=${process.env.SERVER_CPU_PROFILE_DIR}`] : []
  const [node, ...args] = await serveCommand()
  // The preloaded modules go before the script (the built server is JavaScript: they need no tsx).
  const imports = preload.flatMap((module) => ['--import', module])
  const child: ChildProcess = spawn(node, [...profile, ...args.slice(0, -1), ...imports, ...args.slice(-1)], {
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, PUBLIC_URL: `http://127.0.0.1:${port}`, ...env },
    stdio: ipc ? ['ignore', 'pipe', 'pipe', 'ipc'] : ['ignore', 'pipe', 'pipe'],
  })
  child.stdout?.pipe(log)
  child.stderr?.pipe(log)
  const url = `http://127.0.0.1:${port}`
  const deadline = Date.now() + 60_000
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}; see ${logFile}`)
    try {
      const res = await fetch(`${url}/api/health`)
      if (res.ok) break
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200))
  }
  return {
    url,
    logFile,
    process: child,
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve()
        child.once('exit', () => resolve())
        child.kill('SIGTERM')
      }),
  }
}
