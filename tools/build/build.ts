/**
 * `npm run build` (and the first half of `npm start`): what `npm run serve` runs, each part made
 * again only when what it is made from changed since it was last made (parts.ts).
 *  - dist/: the SPA (vite build);
 *  - build/server/: the server compiled to JavaScript (server-bundle.ts);
 *  - build/workroom-pglite-template-<stamp>/: a migrated PGlite data dir, which a new DATA_DIR
 *    starts as a copy of instead of running initdb and every migration (server/db/pglite-template.ts).
 * `npm run build -- --force` makes the SPA and the server again regardless.
 */
import path from 'node:path'
import { makePgliteTemplate } from '../../server/db/client'
import { BUILD, ensure, ROOT, serverBuild, spaBuild } from './parts'

const force = process.argv.includes('--force')
// The template's database work runs in PGlite's thread, beside vite's.
await Promise.all([
  ensure(spaBuild, { force }),
  ensure(serverBuild, { force }),
  makePgliteTemplate(BUILD, { prune: true }).then((dir) => console.log(`database template: ${path.relative(ROOT, dir)}`)),
])
