/**
 * zod compiles object parsers with `new Function` when it may, and probes for that once, when the
 * first object schema is built. The Content-Security-Policy forbids eval, and Chromium reports even
 * that caught probe as a violation, so the app's zod runs jitless. The flag goes on zod's shared
 * config object (globalThis.__zod_globalConfig, which zod adopts when it loads) instead of through
 * `z.config`, so the entry does not load zod: /login needs none. Imported first in main.tsx, before
 * any chunk that builds a schema loads.
 */
declare global {
  var __zod_globalConfig: { jitless?: boolean } | undefined
}

;(globalThis.__zod_globalConfig ??= {}).jitless = true

export {}
