import path from 'node:path'
import babel from '@rolldown/plugin-babel'
import type { Plugin } from 'vite'
import { type EndpointDef, endpoints } from './contract/endpoints'

const ENDPOINTS_FILE = path.resolve('contract/endpoints.ts')
const CONTRACT_FILE = /[\\/]contract[\\/][^?]*\.ts$/
const ZOD_FILE = /[\\/]node_modules[\\/]zod[\\/]/

/** What the browser's `call` (src/services/http.ts) reads of an entry: where to send it and how the input travels. */
export type WireEntry = Pick<EndpointDef, 'method' | 'path' | 'multipart'> & { body?: true; query?: true }

const wireEntryOf = (entry: EndpointDef): WireEntry => ({
  method: entry.method,
  path: entry.path,
  ...(entry.body && { body: true }),
  ...(entry.query && { query: true }),
  ...(entry.multipart && { multipart: true }),
})

/**
 * The contract as the browser needs it. The server validates, answers and documents every call
 * with the zod schemas of contract/; the SPA only calls (types from the contract, checked by tsc)
 * and checks a few forms. So in the SPA's build:
 *  - contract/endpoints.ts is its wire table: each entry's method, path and whether it takes a
 *    body, a query or a form, without the schemas;
 *  - every top-level call in contract/ (a schema being built) is marked pure, so a module's
 *    schemas that the SPA does not use are left out with zod, while its rules and constants
 *    (topicAllows, LIMITS) stay. Zod loads only with what uses a schema (the auth forms' checks).
 * Together they keep zod (~30 KB gzip) out of every page's initial JavaScript.
 */
export function clientContract(): Plugin[] {
  const table = Object.fromEntries(Object.entries(endpoints).map(([name, entry]) => [name, wireEntryOf(entry)]))
  return [
    {
      name: 'workroom-client-endpoint-table',
      apply: 'build',
      enforce: 'pre',
      load(id) {
        if (id !== ENDPOINTS_FILE) return undefined
        return { code: `export const endpoints = ${JSON.stringify(table)}\n`, moduleType: 'js' }
      },
      // A contract module (and zod) is included only for what is used of it: not for `export *` of
      // contract/index.ts, nor for a contract module's `import { z } from 'zod'` whose schemas were left out.
      transform: {
        filter: { id: [CONTRACT_FILE, ZOD_FILE] },
        handler: () => ({ moduleSideEffects: false }),
      },
    },
    // @rolldown/plugin-babel resolves to a plugin (a promise, which Vite accepts).
    babel({ include: [CONTRACT_FILE], plugins: ['babel-plugin-annotate-pure-calls'] }) as unknown as Plugin,
  ]
}
