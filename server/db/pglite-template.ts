import { createHash } from 'node:crypto'
import { copyFile, mkdir, readdir, readFile, rename, rm, stat } from 'node:fs/promises'
import { createRequire } from 'node:module'
import path from 'node:path'

/**
 * A migrated PGlite data dir made ahead of time (by `npm run build`, or once per test run) and
 * copied into a new data dir instead of running initdb and every migration there: those cost
 * seconds of CPU (Postgres compiled to WASM), a copy only the creation of its ~1,100 files.
 *
 * A template is named by its stamp: the PGlite version (its on-disk format) and every migration
 * file. A changed or added migration, or another PGlite, names another template, so a stale one is
 * never used; the server then makes the database from nothing, as without a template.
 */
export async function templateStamp(migrationsFolder: string): Promise<string> {
  const hash = createHash('sha256').update(`pglite ${await pgliteVersion()}\n`)
  const files = (await readdir(migrationsFolder, { recursive: true })).sort()
  for (const file of files) {
    const full = path.join(migrationsFolder, file)
    if ((await stat(full)).isFile()) hash.update(file).update(await readFile(full))
  }
  return hash.digest('hex').slice(0, 16)
}

async function pgliteVersion(): Promise<string> {
  // The package's main file is <package>/dist/index.cjs; its package.json is not exported.
  const main = createRequire(import.meta.url).resolve('@electric-sql/pglite')
  const manifest = JSON.parse(await readFile(path.join(path.dirname(main), '..', 'package.json'), 'utf8')) as { version: string }
  return manifest.version
}

const TEMPLATE_PREFIX = 'workroom-pglite-template-'

/** Where the template for `stamp` lives under `root`: that folder holds the data dir as `pglite/`. */
const templateDir = (root: string, stamp: string) => path.join(root, `${TEMPLATE_PREFIX}${stamp}`)

/** The data dir of the template of the migrations in `migrationsFolder` under `root`, or null when none was made. */
export async function findTemplate(root: string, migrationsFolder: string): Promise<string | null> {
  const dir = templateDir(root, await templateStamp(migrationsFolder))
  return (await exists(path.join(dir, 'pglite', 'PG_VERSION'))) ? path.join(dir, 'pglite') : null
}

/**
 * The template of the migrations in `migrationsFolder` under `root`, made with `make(pgliteDir)`
 * (which opens and migrates a database there) when missing. Made beside it and renamed into place,
 * so a reader never sees half a template; with `prune`, templates of other stamps under `root` go.
 */
export async function ensureTemplate(
  root: string,
  migrationsFolder: string,
  make: (pgliteDir: string) => Promise<void>,
  opts: { prune?: boolean } = {},
): Promise<string> {
  const stamp = await templateStamp(migrationsFolder)
  const dir = templateDir(root, stamp)
  if (!(await exists(dir))) {
    const building = `${dir}.${process.pid}.${Date.now()}`
    await make(path.join(building, 'pglite'))
    await rename(building, dir).catch(() => rm(building, { recursive: true, force: true }))
  }
  if (opts.prune) {
    for (const name of await readdir(root)) {
      if (name.startsWith(TEMPLATE_PREFIX) && name !== path.basename(dir)) await rm(path.join(root, name), { recursive: true, force: true })
    }
  }
  return dir
}

/** How many files are copied at once: enough to keep libuv's threads busy while others wait on the disk. */
const COPY_CONCURRENCY = 16

/**
 * Copies a folder (a data dir, a template): every folder first, then the files, several at a time.
 * fs.cp copies one file after another: for the template's ~1,100 files, 1.6-2.8 s against
 * 1.6-1.8 s here (3 copies each, on the shared 2-core machine under load).
 */
export async function copyFolder(from: string, to: string) {
  const entries = await readdir(from, { recursive: true, withFileTypes: true })
  const relative = (entry: (typeof entries)[number]) => path.relative(from, path.join(entry.parentPath, entry.name))
  await mkdir(to, { recursive: true })
  // Sorted, a folder comes before the folders inside it.
  for (const dir of entries
    .filter((e) => e.isDirectory())
    .map(relative)
    .sort())
    await mkdir(path.join(to, dir))
  const files = entries.filter((e) => e.isFile()).map(relative)
  let next = 0
  await Promise.all(
    Array.from({ length: COPY_CONCURRENCY }, async () => {
      while (next < files.length) {
        const file = files[next++]
        await copyFile(path.join(from, file), path.join(to, file))
      }
    }),
  )
}

const exists = (file: string) =>
  stat(file).then(
    () => true,
    () => false,
  )
