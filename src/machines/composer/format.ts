import type { Format } from './composer.types'

const WRAPS: Partial<Record<Format, string>> = { bold: '**', italic: '_', strike: '~~', code: '`' }
const LINE_PREFIX: Partial<Record<Format, (index: number) => string>> = {
  quote: () => '> ',
  bulleted: () => '- ',
  numbered: (index) => `${index + 1}. `,
}

/**
 * The draft with its selection [start, end) formatted as markdown, and where the caret goes:
 * bold, italics, strikethrough and code wrap the selection (an empty one gets the markers with the
 * caret between them); quote and the lists prefix each line the selection touches; a code block
 * fences the selection on lines of its own; a link makes the selection its label, the caret
 * before the address's end.
 */
export function formatDraft(draft: string, format: Format, start: number, end: number): { draft: string; caret: number } {
  const from = Math.max(0, Math.min(start, end, draft.length))
  const to = Math.min(draft.length, Math.max(start, end))
  const selected = draft.slice(from, to)
  const before = draft.slice(0, from)
  const after = draft.slice(to)
  const wrap = WRAPS[format]
  if (wrap) {
    const text = `${wrap}${selected}${wrap}`
    return { draft: before + text + after, caret: selected ? from + text.length : from + wrap.length }
  }
  const prefix = LINE_PREFIX[format]
  if (prefix) {
    // Whole lines: from the start of the first the selection touches to the end of the last.
    const lineStart = before.lastIndexOf('\n') + 1
    const newline = draft.indexOf('\n', to)
    const lineEnd = newline === -1 ? draft.length : newline
    const text = draft
      .slice(lineStart, lineEnd)
      .split('\n')
      .map((line, i) => prefix(i) + line)
      .join('\n')
    return { draft: draft.slice(0, lineStart) + text + draft.slice(lineEnd), caret: lineStart + text.length }
  }
  if (format === 'codeBlock') {
    const open = `${before && !before.endsWith('\n') ? '\n' : ''}\`\`\`\n`
    const text = `${open}${selected}\n\`\`\`${after && !after.startsWith('\n') ? '\n' : ''}`
    return { draft: before + text + after, caret: from + open.length + selected.length }
  }
  // link
  const text = `[${selected}](https://)`
  return { draft: before + text + after, caret: from + text.length - 1 }
}
