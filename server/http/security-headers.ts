import helmet from '@fastify/helmet'
import type { FastifyInstance } from 'fastify'

export interface SecurityHeaderOptions {
  /** Where browsers reach the app; an https address turns on HSTS and upgrade-insecure-requests. */
  publicUrl?: string
  /** NODE_ENV=production: HSTS even when PUBLIC_URL is not (yet) https. */
  production: boolean
  /** Where media/access redirects images and media to (an S3 bucket with S3_PRESIGNED_READS). */
  mediaOrigin?: string
}

/** Features a page of the app may use: camera and microphone (calls) and screen sharing, nothing else asked for. */
export const PERMISSIONS_POLICY = 'camera=(self), microphone=(self), display-capture=(self), geolocation=(), payment=(), usb=()'

/** The socket's address for the public URL (ws: or wss:), for browsers whose 'self' does not cover WebSockets. */
const socketOrigin = (publicUrl: string | undefined): string[] => {
  if (!publicUrl) return []
  const url = new URL(publicUrl)
  return [`${url.protocol === 'https:' ? 'wss:' : 'ws:'}//${url.host}`]
}

/**
 * The policy for every page: scripts and styles only from the app's own files (an injected inline
 * script or handler does not run), no plugins, no <base>, not framed, forms post only here.
 * Images and media may be data: or blob: URLs (the tab icon badge, call tones, local previews), and
 * come from the media bucket when file links redirect there (S3_PRESIGNED_READS).
 */
export function contentSecurityPolicy(publicUrl: string | undefined, mediaOrigin?: string): Record<string, string[]> {
  const https = publicUrl?.startsWith('https:') ?? false
  const media = mediaOrigin ? [mediaOrigin] : []
  return {
    'default-src': ["'self'"],
    'script-src': ["'self'"],
    'script-src-attr': ["'none'"],
    'style-src': ["'self'"],
    'img-src': ["'self'", 'data:', 'blob:', ...media],
    'media-src': ["'self'", 'data:', 'blob:', ...media],
    'font-src': ["'self'"],
    'connect-src': ["'self'", ...socketOrigin(publicUrl)],
    // The service worker (/sw.js) and the web app manifest are the app's own files.
    'worker-src': ["'self'"],
    'manifest-src': ["'self'"],
    'object-src': ["'none'"],
    'base-uri': ["'none'"],
    'frame-ancestors': ["'none'"],
    'form-action': ["'self'"],
    ...(https ? { 'upgrade-insecure-requests': [] } : {}),
  }
}

/**
 * Security headers on every response (pages, files, API, errors): CSP, no framing, no sniffing,
 * no referrer, Permissions-Policy, cross-origin isolation of windows and resources, and HSTS when
 * the app is served over https. A route may set its own stricter CSP (the email preview does).
 */
export async function installSecurityHeaders(app: FastifyInstance, opts: SecurityHeaderOptions) {
  const hsts = opts.production || (opts.publicUrl?.startsWith('https:') ?? false)
  await app.register(helmet, {
    contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicy(opts.publicUrl, opts.mediaOrigin) },
    strictTransportSecurity: hsts ? { maxAge: 365 * 24 * 60 * 60, includeSubDomains: false } : false,
    xFrameOptions: { action: 'deny' },
    referrerPolicy: { policy: 'no-referrer' },
    crossOriginEmbedderPolicy: false,
  })
  app.addHook('onRequest', async (_req, reply) => {
    reply.header('permissions-policy', PERMISSIONS_POLICY)
  })
}
