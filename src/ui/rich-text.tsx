import DOMPurify from 'dompurify'

/**
 * The allow-list of server/http/sanitize.ts, applied again in the browser: a stored message or
 * description that slipped past the server (an older row, a future sanitizer bug) still renders
 * without scripts, handlers, styles or javascript: links.
 */
const TAGS = ['p', 'br', 'b', 'strong', 'i', 'em', 'u', 's', 'strike', 'a', 'ul', 'ol', 'li', 'blockquote', 'code', 'pre', 'h1', 'h2', 'h3']
/** http(s) and mailto links, or relative ones (no scheme); the server's allowedSchemes. */
const LINK = /^(?:(?:https?|mailto):|[^a-z]|[a-z+.-]+(?:[^a-z+.\-:]|$))/i
/** A link inside the app (a person's profile, a chat): a path of this origin, opened in place. */
export const INTERNAL_LINK = /^\/(?:people|chat)\/[\w-]+$/
/** A fenced code block's language, as the markdown parser names it (class="language-js"). */
const CODE_LANGUAGE = /^language-[\w+#-]{1,32}$/

const newTab = (node: Element) => {
  node.setAttribute('target', '_blank')
  node.setAttribute('rel', 'noopener noreferrer nofollow')
}

const purify = DOMPurify()
// Every link opens in a new tab, without the opener or a referrer (the server's transformTags).
purify.addHook('afterSanitizeAttributes', (node) => {
  if (node.tagName === 'A') newTab(node)
})

export const sanitizeRichText = (html: string): string =>
  purify.sanitize(html, { ALLOWED_TAGS: TAGS, ALLOWED_ATTR: ['href', 'target', 'rel'], ALLOWED_URI_REGEXP: LINK, ALLOW_DATA_ATTR: false })

// Markdown's HTML: the same allow-list, plus a code block's language class; links inside the app
// (a mention's profile, a #chat) stay in the tab, every other link opens in a new one.
const markdownPurify = DOMPurify()
markdownPurify.addHook('uponSanitizeAttribute', (node, data) => {
  if (data.attrName === 'class') data.keepAttr = node.tagName === 'CODE' && CODE_LANGUAGE.test(data.attrValue)
})
markdownPurify.addHook('afterSanitizeAttributes', (node) => {
  if (node.tagName !== 'A') return
  if (INTERNAL_LINK.test(node.getAttribute('href') ?? '')) {
    node.removeAttribute('target')
    node.removeAttribute('rel')
  } else newTab(node)
})

/** HTML that the markdown parser made from a message (html off): sanitised with the rich-text allow-list. */
export const sanitizeMarkdownHtml = (html: string): string =>
  markdownPurify.sanitize(html, {
    ALLOWED_TAGS: TAGS,
    ALLOWED_ATTR: ['href', 'target', 'rel', 'class'],
    ALLOW_DATA_ATTR: false,
    ALLOWED_URI_REGEXP: LINK,
  })

/** Rich text (type html messages, channel descriptions), sanitised again as it renders. */
export function RichText({ html, className }: { html: string; className?: string }) {
  return <div className={className} dangerouslySetInnerHTML={{ __html: sanitizeRichText(html) }} />
}
