import { cp, rename, rm } from 'node:fs/promises'
import path from 'node:path'
import { build } from 'esbuild'

/** Files the server reads beside its own modules (`new URL('./x', import.meta.url)` and the like): copied next to the bundle. */
const SERVER_ASSETS = [
  'server/db/pglite-worker.mjs',
  'server/sfu/embedded-worker.mjs',
  'server/db/migrations',
  'server/auth/common-passwords.txt',
]

/**
 * server/main.ts compiled into plain JavaScript in `outDir` (build/server/main.js): Node runs it
 * without transpiling TypeScript at every start (tsx) and without resolving ~200 source files one
 * by one. Packages stay in node_modules, imported at run time; a dynamic import() becomes a chunk
 * of its own, loaded when it runs (the HTTP stack loads while the database opens). Made beside
 * `outDir` and renamed into place: a server started meanwhile finds the old build or the new one.
 */
export async function bundleServer(root: string, outDir: string) {
  const next = `${outDir}.${process.pid}.next`
  await rm(next, { recursive: true, force: true })
  await build({
    absWorkingDir: root,
    entryPoints: ['server/main.ts'],
    outdir: next,
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20.19',
    packages: 'external',
    chunkNames: '[name]-[hash]',
    legalComments: 'none',
    logLevel: 'warning',
  })
  for (const asset of SERVER_ASSETS) await cp(path.join(root, asset), path.join(next, path.basename(asset)), { recursive: true })
  await rm(outDir, { recursive: true, force: true })
  await rename(next, outDir)
}
