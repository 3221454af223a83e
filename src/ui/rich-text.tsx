import DOMPurify from 'dompurify'

/**
 * The allow-list of server/http/sanitize.ts, applied again in the browser: a stored message or
 * description that slipped past the server (an older row, a future sanitizer bug) still renders
 * without scripts, handlers, styles or javascript: links.
 */
const TAGS = ['p', 'br', 'b', 'strong', 'i', 'em', 'u', 's', 'strike', 'a', 'ul', 'ol', 'li', 'blockquote', 'code', 'pre', 'h1', 'h2', 'h3']
/** http(s) and mailto links, or relative ones (no scheme); the server's allowedSchemes. */
const LINK = /^(?:(?:https?|mailto):|[^a-z]|[a-z+.-]+(?:[^a-z+.\-:]|$))/i

const purify = DOMPurify()
// Every link opens in a new tab, without the opener or a referrer (the server's transformTags).
purify.addHook('afterSanitizeAttributes', (node) => {
  if (node.tagName !== 'A') return
  node.setAttribute('target', '_blank')
  node.setAttribute('rel', 'noopener noreferrer nofollow')
})

export const sanitizeRichText = (html: string): string =>
  purify.sanitize(html, { ALLOWED_TAGS: TAGS, ALLOWED_ATTR: ['href', 'target', 'rel'], ALLOWED_URI_REGEXP: LINK, ALLOW_DATA_ATTR: false })

/** Rich text (type html messages, channel descriptions), sanitised again as it renders. */
export function RichText({ html, className }: { html: string; className?: string }) {
  return <div className={className} dangerouslySetInnerHTML={{ __html: sanitizeRichText(html) }} />
}
