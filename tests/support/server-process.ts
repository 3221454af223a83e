import { spawn, type ChildProcess } from 'node:child_process'
import { createWriteStream, mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { SERVER_NODE_FLAGS } from '../../server/node-flags'

export interface RunningServer {
  url: string
  logFile: string
  /** The server's process (with an IPC channel when started with `ipc`). */
  process: ChildProcess
  stop(): Promise<void>
}

export interface ServerProcessOptions {
  /** Modules the server process imports before its own (`--import`, after tsx), e.g. a bench probe. */
  preload?: readonly string[]
  /** Opens an IPC channel to the process (for a preloaded probe to answer on). */
  ipc?: boolean
}

/**
 * Starts `server/main.ts` as its own process (with the V8 flags `npm run serve` gives it) on a
 * fresh embedded database, logging to a file.
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
  const imports = ['tsx', ...preload].flatMap((module) => ['--import', module])
  const child: ChildProcess = spawn(process.execPath, [...profile, ...SERVER_NODE_FLAGS, ...imports, 'server/main.ts'], {
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
