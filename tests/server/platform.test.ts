import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { spawn } from 'node:child_process'
import { cp, mkdir, mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { createInterface } from 'node:readline'
import { eq } from 'drizzle-orm'
import { endpoints } from '../../contract'
import { outbox } from '../../server/db/schema'
import { SERVER_NODE_FLAGS } from '../../server/node-flags'
import { ensure, serverBuild } from '../../tools/build/parts'
import { startFakeSmtp } from './fake-smtp'
import {
  call,
  DATABASE_URL,
  lastEmail,
  pgliteTemplate,
  REDIS_URL,
  signUp,
  registerUnverified,
  startTestServer,
  type TestServer,
} from './harness'

let server: TestServer
let base: string
let dist: string

beforeAll(async () => {
  dist = await mkdtemp(path.join(os.tmpdir(), 'workroom-dist-'))
  await mkdir(path.join(dist, 'assets'))
  await writeFile(path.join(dist, 'index.html'), '<!doctype html><html><body><div id="root">SPA shell</div></body></html>')
  await writeFile(path.join(dist, 'assets', 'app-Ab12Cd34.js'), 'console.log("app")')
  await writeFile(path.join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>')
  server = await startTestServer({ distDir: dist })
  base = server.url
})
afterAll(async () => {
  await server?.stop()
  await rm(dist, { recursive: true, force: true })
})

describe('health', () => {
  it('reports the database and realtime backends in use', async () => {
    const res = await call(base, 'GET', '/api/health')
    expect(res.status).toBe(200)
    expect(res.body).toEqual({
      result: { status: 'ok', db: DATABASE_URL ? 'postgres' : 'pglite', realtime: REDIS_URL ? 'redis' : 'memory' },
    })
  })
})

describe('SPA', () => {
  it('serves index.html for / and for client routes like /about (history fallback)', async () => {
    for (const p of ['/', '/about', '/account/profile', '/verify-email?email=a%40b.c']) {
      const res = await fetch(base + p, { headers: { accept: 'text/html,application/xhtml+xml' } })
      expect(res.status, p).toBe(200)
      expect(res.headers.get('content-type')).toContain('text/html')
      expect(res.headers.get('cache-control')).toBe('no-cache')
      expect(await res.text()).toContain('SPA shell')
    }
  })

  it('serves hashed assets with a long cache, other files revalidated', async () => {
    const asset = await fetch(`${base}/assets/app-Ab12Cd34.js`)
    expect(asset.status).toBe(200)
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
    expect(await asset.text()).toBe('console.log("app")')
    const icon = await fetch(`${base}/favicon.svg`)
    expect(icon.status).toBe(200)
    expect(icon.headers.get('cache-control')).toBe('no-cache')
  })

  it('does not answer missing assets or API paths with the SPA', async () => {
    const missing = await fetch(`${base}/assets/nope.js`)
    expect(missing.status).toBe(404)
    const api = await fetch(`${base}/api/nope`, { headers: { accept: 'text/html' } })
    expect(api.status).toBe(404)
    expect(await api.json()).toEqual({ message: 'Not found' })
  })

  it('an API path no route takes is a JSON 404, not a file lookup: a parameter past the router limit, a NUL byte', async () => {
    for (const p of [`/api/media/public/${'%00'.repeat(150)}`, `/api/media/public/${'x'.repeat(300)}`, '/api/%00']) {
      const res = await fetch(base + p)
      expect(res.status, p).toBe(404)
      expect(await res.json()).toEqual({ message: 'Not found' })
    }
  })

  it('without a build, pages answer 503 telling to run npm run build', async () => {
    const bare = await startTestServer({ distDir: path.join(os.tmpdir(), 'workroom-no-dist-here') })
    try {
      for (const p of ['/', '/about']) {
        const res = await fetch(bare.url + p, { headers: { accept: 'text/html' } })
        expect(res.status).toBe(503)
        expect(await res.text()).toContain('npm run build')
      }
      expect((await call(bare.url, 'GET', '/api/health')).status).toBe(200)
    } finally {
      await bare.stop()
    }
  })
})

describe('email preview', () => {
  it('shows subject, recipient and the code, with every piece of HTML escaped', async () => {
    const acc = await signUp(base, { name: '<script>alert("x")</script> & <b>bold</b>' })
    const mail = await lastEmail(server, acc.email)
    const res = await fetch(`${base}/email-preview/${mail.id}`)
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toContain('text/html')
    expect(res.headers.get('content-security-policy')).toContain("default-src 'none'")
    const html = await res.text()
    expect(html).toContain(mail.code)
    expect(html).toContain(acc.email)
    expect(html).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &lt;b&gt;bold&lt;/b&gt;')
    expect(html).not.toContain('<script>')
    expect(html).not.toContain('<b>bold')
  })

  it('is a 404 page for an unknown id', async () => {
    for (const id of ['00000000-0000-0000-0000-000000000000', 'nope', 'x'.repeat(90)]) {
      const res = await fetch(`${base}/email-preview/${id}`)
      expect(res.status).toBe(404)
      expect(await res.text()).toContain('Email not found')
    }
  })
})

describe('email over SMTP', () => {
  it('with smtpUrl, relays the email and records sent_at in the outbox', async () => {
    const smtp = await startFakeSmtp()
    const { received } = smtp
    const relay = await startTestServer({ smtpUrl: smtp.url, mailFrom: 'Workroom Test <noreply@workroom.test>' })
    try {
      const acc = await registerUnverified(relay.url)
      const mail = await lastEmail(relay, acc.email)
      let sentAt: Date | null = null
      for (let i = 0; i < 50 && !sentAt; i++) {
        await new Promise((r) => setTimeout(r, 100))
        ;[{ sentAt }] = await relay.ctx.db.select({ sentAt: outbox.sentAt }).from(outbox).where(eq(outbox.id, mail.id))
      }
      expect(sentAt).toBeInstanceOf(Date)
      expect(received).toHaveLength(1)
      expect(received[0]).toContain(`To: ${acc.email}`)
      expect(received[0]).toContain('From: Workroom Test <noreply@workroom.test>')
      expect(received[0]).toMatch(/\b\d{6}\b/) // the code went out; the outbox row no longer has it
    } finally {
      await relay.stop()
      smtp.close()
    }
  })
})

describe('OpenAPI', () => {
  it('/api/docs/json lists every contract path', async () => {
    const res = await call(base, 'GET', '/api/docs/json')
    expect(res.status).toBe(200)
    expect(res.body.openapi).toMatch(/^3\./)
    const paths = Object.keys(res.body.paths)
    for (const e of Object.values(endpoints)) expect(paths).toContain(`/api/${e.path.replace(/:(\w+)/g, '{$1}')}`)
    const register = res.body.paths['/api/auth/register'].post
    expect(Object.keys(register.requestBody.content['application/json'].schema.properties).sort()).toEqual(['email', 'name', 'password'])
    expect(paths.some((p) => p.startsWith('/api/docs'))).toBe(false)
  })

  it('/api/docs is a browsable page with its own assets (works offline)', async () => {
    const page = await fetch(`${base}/api/docs`, { redirect: 'follow' })
    expect(page.status).toBe(200)
    const html = await page.text()
    expect(html).toContain('swagger-ui')
    const assets = [...html.matchAll(/(?:src|href)="([^"]+\.(?:js|css))"/g)].map((m) => m[1]!)
    expect(assets.some((a) => a.includes('swagger-ui-bundle.js'))).toBe(true)
    for (const a of assets) {
      expect(a.startsWith('http'), a).toBe(false) // nothing from a CDN
      const res = await fetch(new URL(a, `${base}/api/docs/`).href)
      expect(res.status, a).toBe(200)
    }
    const res = await fetch(`${base}/api/docs/static/swagger-initializer.js`)
    expect(await res.text()).toContain("url: resolveUrl('./json')") // /api/docs + ./json
    expect(res.status).toBe(200)
  })
})

describe('server/main.ts (env configuration)', () => {
  it('`npm run serve` starts from env with the V8 flags the tests use, logs email previews with PUBLIC_URL, keeps a generated secret, stops on SIGTERM', async () => {
    const root = path.resolve(import.meta.dirname, '../..')
    const { scripts } = JSON.parse(await readFile(path.join(root, 'package.json'), 'utf8')) as { scripts: Record<string, string> }
    const [node, ...args] = scripts.serve.split(' ')
    expect(node).toBe('node')
    expect(args).toEqual([...SERVER_NODE_FLAGS, 'build/server/main.js'])
    await ensure(serverBuild) // the build of the sources under test
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'workroom-main-'))
    if (!DATABASE_URL) await cp(await pgliteTemplate(), dataDir, { recursive: true })
    const child = spawn(process.execPath, args, {
      cwd: root,
      env: {
        ...process.env,
        PORT: '0',
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        PUBLIC_URL: 'https://chat.example.test/',
        JWT_SECRET: '',
        RATE_LIMIT_REGISTER: '1000',
        LOG_LEVEL: 'info',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    type Line = Record<string, any>
    const lines: Line[] = []
    const waiters = new Set<{ pred: (l: Line) => boolean; resolve: (l: Line) => void }>()
    createInterface({ input: child.stdout! }).on('line', (text) => {
      let line: Line
      try {
        line = JSON.parse(text)
      } catch {
        return
      }
      lines.push(line)
      for (const w of waiters) {
        if (!w.pred(line)) continue
        waiters.delete(w)
        w.resolve(line)
      }
    })
    /** The first stdout log line matching, past or future. */
    const waitFor = (pred: (l: Line) => boolean) =>
      new Promise<Line>((resolve, reject) => {
        const seen = lines.find(pred)
        if (seen) return resolve(seen)
        const timer = setTimeout(() => reject(new Error('log line not seen in: ' + JSON.stringify(lines))), 20_000)
        waiters.add({ pred, resolve: (l) => (clearTimeout(timer), resolve(l)) })
      })
    try {
      const ready = await waitFor((l) => l.msg === 'Workroom is running')
      const url: string = ready.url
      const acc = await registerUnverified(url)
      const queued = await waitFor((l) => l.msg === 'email queued' && l.to === acc.email)
      expect(queued.level).toBe(30)
      expect(queued.subject).not.toMatch(/\d{6}/) // the code is in the body only
      expect(queued.preview_url).toMatch(/^https:\/\/chat\.example\.test\/email-preview\/[0-9a-f-]{36}$/)
      expect(queued.outbox_id).toBe(queued.preview_url.split('/').pop())
      const previewPath = new URL(queued.preview_url).pathname
      expect(await (await fetch(url + previewPath)).text()).toMatch(/\b\d{6}\b/)
      const secret = await readFile(path.join(dataDir, 'secret'), 'utf8')
      expect(secret.trim().length).toBeGreaterThanOrEqual(32)
      expect(((await stat(path.join(dataDir, 'secret'))).mode & 0o777).toString(8)).toBe('600')
      const exited = new Promise<number | null>((r) => child.once('exit', (code) => r(code)))
      child.kill('SIGTERM')
      expect(await exited).toBe(0)
    } finally {
      if (child.exitCode === null) child.kill('SIGKILL')
      await rm(dataDir, { recursive: true, force: true })
    }
  })
})
