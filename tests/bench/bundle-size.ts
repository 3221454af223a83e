import { gzipSync } from 'node:zlib'
import { chromium } from '@playwright/test'

export interface BundleFigure {
  path: string
  scripts: number
  rawBytes: number
  gzipBytes: number
}

/** Loads a page in Chromium and adds up the JavaScript it fetched to render, gzipped at level 9. */
export async function measurePageJs(baseUrl: string, path: string): Promise<BundleFigure> {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  })
  try {
    const page = await browser.newPage()
    const bodies: Promise<Buffer>[] = []
    page.on('response', (res) => {
      const type = res.headers()['content-type'] ?? ''
      if (res.request().resourceType() === 'script' || type.includes('javascript')) bodies.push(res.body())
    })
    await page.goto(baseUrl + path, { waitUntil: 'networkidle' })
    const buffers = await Promise.all(bodies)
    return {
      path,
      scripts: buffers.length,
      rawBytes: buffers.reduce((n, b) => n + b.length, 0),
      gzipBytes: buffers.reduce((n, b) => n + gzipSync(b, { level: 9 }).length, 0),
    }
  } finally {
    await browser.close()
  }
}
