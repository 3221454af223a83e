import { existsSync } from 'node:fs'
import path from 'node:path'
import fastifyStatic from '@fastify/static'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { notFound } from './errors'

const LONG_CACHE = 'public, max-age=31536000, immutable'
const NOT_BUILT = 'Workroom: the web app is not built yet. Run `npm run build` (or `npm start`, which builds first), then reload.\n'

const wantsHtml = (req: FastifyRequest) => (req.method === 'GET' || req.method === 'HEAD') && /text\/html/.test(req.headers.accept ?? '')

/**
 * The built SPA from distDir (brotli or gzip when the build made them and the client takes them):
 * hashed assets cached for a year, index.html revalidated, and any
 * other non-API page request answered with index.html (history-mode routing). Without a build,
 * page requests get a 503 saying how to make one. Everything else unknown is a JSON 404.
 */
export async function installSpa(app: FastifyInstance, distDir: string) {
  const indexFile = path.join(distDir, 'index.html')
  const built = existsSync(indexFile)

  if (built) {
    await app.register(fastifyStatic, {
      root: distDir,
      prefix: '/',
      wildcard: true,
      index: ['index.html'],
      // The build writes .br and .gz beside each text file: sent as the client accepts, Vary: Accept-Encoding.
      preCompressed: true,
      cacheControl: false,
      setHeaders: (reply, file) => {
        const rel = path.relative(distDir, file)
        reply.header('cache-control', rel.startsWith('assets' + path.sep) ? LONG_CACHE : 'no-cache')
      },
    })
  } else {
    app.get('/', { schema: { hide: true } }, (_req, reply) => notBuilt(reply))
  }

  // An /api/ path no route took (e.g. a parameter past the router's length limit) is a JSON 404,
  // never a file lookup by the static wildcard (which answers 403 to a path holding a NUL byte).
  app.all('/api/*', { schema: { hide: true } }, () => {
    throw notFound()
  })

  app.setNotFoundHandler((req, reply) => {
    const isApi = req.url === '/api' || req.url.startsWith('/api/')
    if (!isApi && wantsHtml(req)) {
      if (!built) return notBuilt(reply)
      return reply.header('cache-control', 'no-cache').sendFile('index.html', distDir)
    }
    throw notFound()
  })
}

const notBuilt = (reply: FastifyReply) => reply.code(503).type('text/plain; charset=utf-8').send(NOT_BUILT)
