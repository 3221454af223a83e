import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { startTestServer, type TestServer } from './harness'

/**
 * Issue 14, finding 11 (review M7): every answer of the server carries the browser-side defences:
 * the SPA's pages and files, API results and API errors alike.
 */

let server: TestServer
let dist: string

beforeAll(async () => {
  dist = await mkdtemp(path.join(os.tmpdir(), 'workroom-dist-'))
  await mkdir(path.join(dist, 'assets'))
  await writeFile(path.join(dist, 'index.html'), '<!doctype html><html><body><div id="root">SPA shell</div></body></html>')
  await writeFile(path.join(dist, 'assets', 'app-Ab12Cd34.js'), 'console.log("app")')
  server = await startTestServer({ distDir: dist, publicUrl: 'http://chat.example.test:8080' })
})
afterAll(async () => {
  await server?.stop()
  await rm(dist, { recursive: true, force: true })
})

/** The CSP as directive name -> its sources. */
function directives(csp: string | null): Map<string, string[]> {
  expect(csp, 'content-security-policy header').toBeTruthy()
  return new Map(
    csp!
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter(([name]) => name)
      .map(([name, ...sources]) => [name, sources]),
  )
}

const page = (url: string) => fetch(url, { headers: { accept: 'text/html' } })

describe('security headers', () => {
  const answers = () => ({
    'the page /': page(`${server.url}/`),
    'a client route': page(`${server.url}/chat/default`),
    'a hashed asset': fetch(`${server.url}/assets/app-Ab12Cd34.js`),
    'an API result': fetch(`${server.url}/api/health`),
    'an API 401': fetch(`${server.url}/api/customer/user-info`),
    'an API 404': fetch(`${server.url}/api/nope`),
    'an API 400': fetch(`${server.url}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' }),
  })

  it('every kind of answer has a strict CSP, no framing, no sniffing, no referrer and a Permissions-Policy', async () => {
    for (const [what, pending] of Object.entries(answers())) {
      const res = await pending
      await res.arrayBuffer()
      const csp = directives(res.headers.get('content-security-policy'))
      expect(csp.get('script-src'), what).toEqual(["'self'"])
      expect(csp.get('object-src'), what).toEqual(["'none'"])
      expect(csp.get('base-uri'), what).toEqual(["'none'"])
      expect(csp.get('frame-ancestors'), what).toEqual(["'none'"])
      expect(csp.get('form-action'), what).toEqual(["'self'"])
      expect(csp.get('default-src'), what).toEqual(["'self'"])
      expect(csp.get('style-src'), what).not.toContain("'unsafe-inline'")
      expect(csp.get('img-src'), what).toEqual(["'self'", 'data:', 'blob:'])
      expect(csp.get('media-src'), what).toEqual(["'self'", 'data:', 'blob:'])
      // socket.io's WebSocket on the public address, for browsers whose 'self' leaves out ws:
      expect(csp.get('connect-src'), what).toEqual(["'self'", 'ws://chat.example.test:8080'])
      expect(csp.has('upgrade-insecure-requests'), what).toBe(false)
      expect(res.headers.get('x-frame-options'), what).toBe('DENY')
      expect(res.headers.get('x-content-type-options'), what).toBe('nosniff')
      expect(res.headers.get('referrer-policy'), what).toBe('no-referrer')
      expect(res.headers.get('permissions-policy'), what).toBe(
        'camera=(self), microphone=(self), display-capture=(self), geolocation=(), payment=(), usb=()',
      )
      expect(res.headers.get('cross-origin-opener-policy'), what).toBe('same-origin')
      // Served over plain http here: no HSTS (a browser would ignore it, and a dev machine must not be pinned to https).
      expect(res.headers.get('strict-transport-security'), what).toBeNull()
    }
  })

  it('behind https (PUBLIC_URL https://...) adds HSTS for a year, upgrade-insecure-requests and wss:', async () => {
    const https = await startTestServer({ distDir: dist, publicUrl: 'https://chat.example.test' })
    try {
      for (const url of [`${https.url}/`, `${https.url}/api/health`]) {
        const res = await page(url)
        await res.arrayBuffer()
        expect(res.headers.get('strict-transport-security'), url).toBe('max-age=31536000')
        const csp = directives(res.headers.get('content-security-policy'))
        expect(csp.has('upgrade-insecure-requests'), url).toBe(true)
        expect(csp.get('connect-src'), url).toEqual(["'self'", 'wss://chat.example.test'])
      }
    } finally {
      await https.stop()
    }
  })

  it('with NODE_ENV=production (the production option) adds HSTS even before PUBLIC_URL says https', async () => {
    const prod = await startTestServer({ distDir: dist, publicUrl: 'http://chat.example.test', production: true })
    try {
      const res = await fetch(`${prod.url}/api/health`)
      await res.arrayBuffer()
      expect(res.headers.get('strict-transport-security')).toBe('max-age=31536000')
    } finally {
      await prod.stop()
    }
  })

  it('the email preview keeps its own stricter policy (no scripts at all)', async () => {
    const res = await page(`${server.url}/email-preview/00000000-0000-0000-0000-000000000000`)
    await res.arrayBuffer()
    expect(res.headers.get('content-security-policy')).toBe("default-src 'none'; style-src 'unsafe-inline'")
    expect(res.headers.get('x-frame-options')).toBe('DENY')
  })
})
