import { z } from 'zod'

/**
 * zod compiles object parsers with `new Function` when it may, and probes for that once. The
 * Content-Security-Policy forbids eval, and Chromium reports even the caught probe as a violation,
 * so the app parses without it. Imported first in main.tsx: before any schema is built.
 */
z.config({ jitless: true })
