import { spawn, type ChildProcess } from 'node:child_process'
import { createWriteStream, mkdtempSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { ensure, serverBuild } from '../../tools/build/parts'

export interface RunningServer {
  url: string
  logFile: string
  stop(): Promise<void>
}

let serverBuilt: Promise<unknown> | undefined

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
export async function startServerProcess(port: number, env: Record<string, string> = {}): Promise<RunningServer> {
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
  const child: ChildProcess = spawn(node, [...profile, ...args], {
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, PUBLIC_URL: `http://127.0.0.1:${port}`, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
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
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve()
        child.once('exit', () => resolve())
        child.kill('SIGTERM')
      }),
  }
}
