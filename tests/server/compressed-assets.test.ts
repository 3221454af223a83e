import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { request } from 'node:http'
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib'
import Fastify, { type FastifyInstance } from 'fastify'
import { installSpa } from '../../server/http/spa'

/**
 * Issue 14, "Also": the build writes .br and .gz beside each file (vite.config.ts); the server sends
 * the one the client accepts, with Content-Encoding and Vary: Accept-Encoding. The server's SPA part
 * (installSpa) alone, on a bare Fastify: static files do not depend on the database.
 */

const SCRIPT = `export const words = ${JSON.stringify('workroom '.repeat(500))}\n`
const INDEX = `<!doctype html><html><body><div id="root">SPA shell ${'.'.repeat(2000)}</div></body></html>`

let app: FastifyInstance
let base: string
let dist: string

beforeAll(async () => {
  dist = await mkdtemp(path.join(os.tmpdir(), 'workroom-dist-'))
  await mkdir(path.join(dist, 'assets'))
  const files: [string, string][] = [
    ['assets/app-Ab12Cd34.js', SCRIPT],
    ['index.html', INDEX],
  ]
  for (const [name, text] of files) {
    await writeFile(path.join(dist, name), text)
    await writeFile(path.join(dist, `${name}.br`), brotliCompressSync(text))
    await writeFile(path.join(dist, `${name}.gz`), gzipSync(text))
  }
  // A file the build did not compress (too small to gain): sent as it is.
  await writeFile(path.join(dist, 'assets', 'tiny-Ef56Gh78.js'), 'x')
  app = Fastify()
  await installSpa(app, dist)
  base = await app.listen({ port: 0, host: '127.0.0.1' })
})
afterAll(async () => {
  await app?.close()
  await rm(dist, { recursive: true, force: true })
})

/** GET with exactly these headers and the bytes as they came (fetch would decode them). */
function rawGet(
  url: string,
  headers: Record<string, string>,
): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }> {
  return new Promise((resolve, reject) => {
    request(url, { headers }, (res) => {
      const chunks: Buffer[] = []
      res.on('data', (c: Buffer) => chunks.push(c))
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }))
      res.on('error', reject)
    })
      .on('error', reject)
      .end()
  })
}

describe('precompressed assets', () => {
  it('/assets/*.js with Accept-Encoding: br is the brotli file, with the JavaScript type and a year of cache', async () => {
    const res = await rawGet(`${base}/assets/app-Ab12Cd34.js`, { 'accept-encoding': 'gzip, deflate, br' })
    expect(res.status).toBe(200)
    expect(res.headers['content-encoding']).toBe('br')
    expect(res.headers['vary']).toMatch(/accept-encoding/i)
    expect(res.headers['content-type']).toMatch(/^(text|application)\/javascript/)
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable')
    expect(brotliDecompressSync(res.body).toString()).toBe(SCRIPT)
    expect(res.body.length).toBeLessThan(SCRIPT.length / 10)
  })

  it('gzip for a client without brotli, the plain file for one that takes neither', async () => {
    const gz = await rawGet(`${base}/assets/app-Ab12Cd34.js`, { 'accept-encoding': 'gzip, deflate' })
    expect(gz.headers['content-encoding']).toBe('gzip')
    expect(gz.headers['vary']).toMatch(/accept-encoding/i)
    expect(gunzipSync(gz.body).toString()).toBe(SCRIPT)

    const plain = await rawGet(`${base}/assets/app-Ab12Cd34.js`, { 'accept-encoding': 'identity' })
    expect(plain.headers['content-encoding']).toBeUndefined()
    expect(plain.headers['vary']).toMatch(/accept-encoding/i)
    expect(plain.body.toString()).toBe(SCRIPT)
  })

  it('a file without a compressed copy is sent as it is', async () => {
    const res = await rawGet(`${base}/assets/tiny-Ef56Gh78.js`, { 'accept-encoding': 'gzip, br' })
    expect(res.status).toBe(200)
    expect(res.headers['content-encoding']).toBeUndefined()
    expect(res.body.toString()).toBe('x')
  })

  it('the page shell is compressed too, at / and for client routes', async () => {
    for (const p of ['/', '/login']) {
      const res = await rawGet(base + p, { accept: 'text/html', 'accept-encoding': 'br, gzip' })
      expect(res.status, p).toBe(200)
      expect(res.headers['content-encoding'], p).toBe('br')
      expect(res.headers['content-type'], p).toMatch(/^text\/html/)
      expect(res.headers['cache-control'], p).toBe('no-cache')
      expect(brotliDecompressSync(res.body).toString(), p).toBe(INDEX)
    }
  })
})
