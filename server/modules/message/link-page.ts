import { Parser } from 'htmlparser2'
import LinkifyIt from 'linkify-it'
import type { LinkPreviewLimits } from '../../config'
import type { SafeFetch } from '../../net/safe-fetch'

/**
 * Link previews, the part that reads the web: which links a message names (linkify-it; an html
 * message's anchors through htmlparser2), and what a link's page says about itself (Open Graph,
 * Twitter card, <title> and description, read by htmlparser2), fetched through the one SSRF-safe
 * fetcher (server/net/safe-fetch.ts: public addresses only, checked on the address connected to
 * and after every redirect) within the time, size and redirect limits.
 */

/** Links of one message looked at, at most (the first one with a preview is shown). */
export const LINKS_LOOKED_AT = 3
const TITLE_MAX = 300
const DESCRIPTION_MAX = 500
const SITE_MAX = 100
const URL_MAX = 2048
const USER_AGENT = 'WorkroomLinkPreview/1.0 (+link previews)'
const PAGE_TYPES = new Set(['text/html', 'application/xhtml+xml'])

const linkify = new LinkifyIt().set({ fuzzyLink: false, fuzzyEmail: false, fuzzyIP: false })

/** A link as it is fetched and cached: http(s) only, without its #fragment; null for anything else. */
export function normalLink(raw: string): string | null {
  try {
    const url = new URL(raw)
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return null
    url.hash = ''
    return url.href.length <= URL_MAX ? url.href : null
  } catch {
    return null
  }
}

/** The first LINKS_LOOKED_AT distinct http(s) links of a message's text (type text) or of its anchors and text (type html). */
export function linksOf(type: string, body: string): string[] {
  if (type !== 'text' && type !== 'html') return []
  const found: string[] = []
  if (type === 'html') {
    let text = ''
    const parser = new Parser({
      onopentag(name, attrs) {
        if (name === 'a' && attrs.href) found.push(attrs.href)
      },
      ontext(chunk) {
        text += chunk
      },
    })
    parser.end(body)
    found.push(...(linkify.match(text) ?? []).map((m) => m.url))
  } else {
    found.push(...(linkify.match(body) ?? []).map((m) => m.url))
  }
  const links = [...new Set(found.map(normalLink).filter((url): url is string => url !== null))]
  return links.slice(0, LINKS_LOOKED_AT)
}

/** What a page says about itself. */
export interface PageCard {
  title: string | null
  description: string | null
  siteName: string | null
  /** Its image's absolute http(s) URL. */
  imageUrl: string | null
}

const clean = (value: string | undefined, max: number): string | null => {
  const text = value?.replace(/\s+/g, ' ').trim()
  return text ? (text.length > max ? `${text.slice(0, max - 1)}…` : text) : null
}

/**
 * A page's card from its HTML: Open Graph first, then the Twitter card, then <title> and the
 * description meta; the image resolved against the page's URL. Null when it names neither a title
 * nor a description.
 */
export function readPage(html: string, pageUrl: string): PageCard | null {
  const meta = new Map<string, string>()
  let title = ''
  let inTitle = false
  let titleDone = false
  // The page's <title> is the head's: one in the body or in an inline SVG names something else.
  let inBody = false
  let svgDepth = 0
  const parser = new Parser(
    {
      onopentag(name, attrs) {
        if (name === 'meta') {
          const key = (attrs.property ?? attrs.name ?? '').toLowerCase()
          if (key && attrs.content !== undefined && !meta.has(key)) meta.set(key, attrs.content)
        } else if (name === 'body') inBody = true
        else if (name === 'svg') svgDepth++
        else if (name === 'title' && !titleDone && !inBody && svgDepth === 0) inTitle = true
      },
      ontext(text) {
        if (inTitle) title += text
      },
      onclosetag(name) {
        if (name === 'svg' && svgDepth > 0) svgDepth--
        if (name === 'title' && inTitle) {
          inTitle = false
          titleDone = true
        }
      },
    },
    { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true },
  )
  parser.end(html)
  const first = (...keys: string[]) => keys.map((k) => meta.get(k)).find((v) => v !== undefined && v.trim() !== '')
  const card: PageCard = {
    title: clean(first('og:title', 'twitter:title') ?? title, TITLE_MAX),
    description: clean(first('og:description', 'twitter:description', 'description'), DESCRIPTION_MAX),
    siteName: clean(first('og:site_name', 'application-name'), SITE_MAX),
    imageUrl: null,
  }
  const image = first('og:image:secure_url', 'og:image', 'og:image:url', 'twitter:image', 'twitter:image:src')
  if (image) {
    try {
      card.imageUrl = normalLink(new URL(image.trim(), pageUrl).href)
    } catch {
      card.imageUrl = null
    }
  }
  return card.title || card.description ? card : null
}

/** The charset a Content-Type names, when TextDecoder knows it; utf-8 otherwise. */
function decoderFor(contentType: string | undefined): TextDecoder {
  const charset = /charset\s*=\s*"?([\w-]+)/i.exec(contentType ?? '')?.[1]
  try {
    return new TextDecoder(charset ?? 'utf-8')
  } catch {
    return new TextDecoder('utf-8')
  }
}

const mediaTypeOf = (contentType: string | string[] | undefined) =>
  String(contentType ?? '')
    .split(';')[0]!
    .trim()
    .toLowerCase()

/**
 * Fetches a link's page and reads its card: an answer 200 of type text/html (or xhtml) only, its
 * first `pageBytes` (the rest is not downloaded). Null for anything else (refused address, timeout,
 * another type or status); the refusals are not errors here, they are pages without a preview.
 */
export async function fetchPage(outbound: SafeFetch, url: string, limits: LinkPreviewLimits): Promise<PageCard | null> {
  const res = await outbound
    .fetch(url, {
      timeoutMs: limits.timeoutMs,
      maxRedirects: limits.redirects,
      maxBodyBytes: limits.pageBytes,
      headers: { accept: 'text/html,application/xhtml+xml;q=0.9', 'user-agent': USER_AGENT },
    })
    .catch(() => null)
  if (!res || res.status !== 200 || !PAGE_TYPES.has(mediaTypeOf(res.headers['content-type']))) return null
  return readPage(decoderFor(res.headers['content-type']).decode(res.body), res.url)
}

/** Fetches a page's image: an answer 200 of an image/* type within `imageBytes` (a bigger one is dropped unread), else null. */
export async function fetchImage(outbound: SafeFetch, url: string, limits: LinkPreviewLimits): Promise<Buffer | null> {
  const res = await outbound
    .fetch(url, {
      timeoutMs: limits.timeoutMs,
      maxRedirects: limits.redirects,
      maxBodyBytes: limits.imageBytes,
      headers: { accept: 'image/*', 'user-agent': USER_AGENT },
    })
    .catch(() => null)
  if (!res || res.status !== 200 || res.truncated || !mediaTypeOf(res.headers['content-type']).startsWith('image/')) return null
  return res.body
}
