/**
 * A text message's markdown as plain text, for the places that show a line of it (the chat list's
 * last message, notifications and push, keyword alerts): markers dropped, a link's label kept,
 * code fences gone, lines joined by spaces. Cheap on purpose (no parser): it reads the markers the
 * composer writes (`**bold**`, `_italics_`, `~~struck~~`, `` `code` ``, fences, quotes, list
 * bullets and numbers, `[label](url)`); anything else stays as typed.
 */
export function markdownToPlain(markdown: string): string {
  return (
    markdown
      // Fence lines (``` or ```js) go; the code between them stays.
      .replace(/^ {0,3}(`{3,}|~{3,})[^\n]*$/gm, '')
      // Quote markers, bullets and numbers at a line's start.
      .replace(/^ {0,3}(?:>\s?)+/gm, '')
      .replace(/^\s*(?:[-*+]|\d{1,9}[.)])\s+/gm, '')
      // [label](url) keeps its label.
      .replace(/\[([^\]\n]*)\]\([^)\s]*\)/g, '$1')
      // Paired markers: **, __, ~~, *, _ and backticks around text.
      .replace(/(\*\*|__|~~)(?=\S)([^\n]*?\S)\1/g, '$2')
      .replace(/(^|[^\w*])([*_])(?=\S)([^\n*_]*?\S)\2(?![\w*])/g, '$1$3')
      .replace(/`([^`\n]+)`/g, '$1')
      .replace(/\s+/g, ' ')
      .trim()
  )
}
