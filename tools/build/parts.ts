/**
 * The parts of `npm run build` (build.ts), each made again only when what it is made from changed
 * since it was last made. A part's stamp (build/<part>.stamp) holds the hash of its sources and of
 * its main output file: a changed source, or an output made or removed by other means (`vite
 * build`), makes it again.
 */
import { createHash } from 'node:crypto'
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { bundleServer } from './server-bundle'
import { sourceStamp } from './source-stamp'

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..')
export const BUILD = path.join(ROOT, 'build')

/** What both parts are made with. */
const TOOLING = ['package.json', 'package-lock.json', 'tsconfig.json', 'tools/build']

export interface Part {
  name: string
  /** Files and folders (from the repository root) it is made from. */
  sources: readonly string[]
  /** Values other than files it depends on. */
  extra?: readonly string[]
  /** The output file that tells one build from another. */
  output: string
  make(): Promise<unknown>
}

const hashOf = (file: string) =>
  readFile(file).then(
    (bytes) => createHash('sha256').update(bytes).digest('hex'),
    () => null,
  )

/** Makes `part` unless its stamp matches its sources and its output (or `force`); says which. */
export async function ensure(part: Part, { force = false } = {}) {
  await mkdir(BUILD, { recursive: true })
  const stampFile = path.join(BUILD, `${part.name}.stamp`)
  const sources = await sourceStamp(ROOT, [...part.sources, ...TOOLING], part.extra)
  const stamp = await readFile(stampFile, 'utf8').then(
    (text) => JSON.parse(text) as { sources: string; output: string },
    () => null,
  )
  const output = path.join(ROOT, part.output)
  if (!force && stamp?.sources === sources && stamp.output === (await hashOf(output))) {
    console.log(`${part.name}: up to date (${part.output}; nothing it is made from changed)`)
    return
  }
  const t0 = performance.now()
  await part.make()
  await writeFile(stampFile, JSON.stringify({ sources, output: await hashOf(output) }))
  console.log(`${part.name}: built ${part.output} in ${((performance.now() - t0) / 1000).toFixed(1)} s`)
}

/** dist/: the SPA. */
export const spaBuild: Part = {
  name: 'spa',
  sources: [
    'index.html',
    'src',
    'contract',
    'locales',
    'public',
    'vite.config.ts',
    'vite.lingui-parts.ts',
    'lingui.config.ts',
    // Vite reads .env files and VITE_* variables into the bundle.
    ...(await readdir(ROOT)).filter((name) => name.startsWith('.env')),
  ],
  extra: [
    ...Object.entries(process.env)
      .filter(([key]) => key.startsWith('VITE_'))
      .map(([key, value]) => `${key}=${value}`)
      .sort(),
  ],
  output: 'dist/index.html',
  make: async () => (await import('vite')).build({ root: ROOT }),
}

/** build/server/: the server compiled to JavaScript, which `npm run serve` runs. */
export const serverBuild: Part = {
  name: 'server',
  sources: ['server', 'contract'],
  output: 'build/server/main.js',
  make: () => bundleServer(ROOT, path.join(BUILD, 'server')),
}
