import { createRequire } from 'node:module'
import type SanitizeHtml from 'sanitize-html'

/**
 * sanitize-html with its HTML parser (~80 ms of CPU to load) comes with the first rich text, not at
 * start; it is CommonJS, so it loads synchronously on first use.
 */
let loaded: typeof SanitizeHtml | undefined
const sanitizeHtml = () => (loaded ??= createRequire(import.meta.url)('sanitize-html') as typeof SanitizeHtml)

/**
 * Rich text as the server stores it: a small set of formatting tags, links only to http(s) and
 * mailto (opening in a new tab, without the opener), no attributes that run code, no styles.
 */
const richText = (lib: typeof SanitizeHtml): SanitizeHtml.IOptions => ({
  allowedTags: [
    'p',
    'br',
    'b',
    'strong',
    'i',
    'em',
    'u',
    's',
    'strike',
    'a',
    'ul',
    'ol',
    'li',
    'blockquote',
    'code',
    'pre',
    'h1',
    'h2',
    'h3',
  ],
  allowedAttributes: { a: ['href', 'target', 'rel'] },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowProtocolRelative: false,
  transformTags: {
    a: lib.simpleTransform('a', { target: '_blank', rel: 'noopener noreferrer nofollow' }),
  },
})
let richTextOptions: SanitizeHtml.IOptions | undefined

export function sanitizeRichText(html: string): string {
  const lib = sanitizeHtml()
  richTextOptions ??= richText(lib)
  return lib(html, richTextOptions).trim()
}

/** The text of rich text (tags dropped, entities decoded, whitespace collapsed), for previews and search. */
export function plainText(html: string): string {
  const text = sanitizeHtml()(html.replace(/<\/(p|li|h[1-3]|blockquote|pre)>|<br\s*\/?>/gi, '$& '), {
    allowedTags: [],
    allowedAttributes: {},
  })
  return text
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim()
}
