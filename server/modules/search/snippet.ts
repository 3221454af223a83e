import type { Highlight } from '../../../contract/search'

/**
 * The plain text of a message and the parts of it a keyword matched, for a search result. The
 * database decided that the message matches (search_fold: lowercase, accents removed); this only
 * finds where, on the one page of results, folding each character the same way so an offset in the
 * folded text maps back to the original.
 */

/** Letters unaccent turns into something other than their base letter, or several letters. */
const SPECIAL: Record<string, string> = {
  đ: 'd',
  ð: 'd',
  æ: 'ae',
  œ: 'oe',
  ß: 'ss',
  ø: 'o',
  ł: 'l',
  ı: 'i',
  þ: 'th',
}

/** One character folded as search_fold folds it (lowercase, without accents). */
export function foldChar(ch: string): string {
  const lower = ch.toLowerCase()
  return SPECIAL[lower] ?? lower.normalize('NFD').replace(/\p{M}/gu, '')
}

/** The folded text and, for each of its code units, the index of the original character it came from. */
function folded(text: string): { folded: string; origin: number[] } {
  let out = ''
  const origin: number[] = []
  let index = 0
  for (const ch of text) {
    const f = foldChar(ch)
    out += f
    for (let i = 0; i < f.length; i++) origin.push(index)
    index += ch.length
  }
  return { folded: out, origin }
}

export const foldText = (text: string) => folded(text).folded

const ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
}

/** The text of sanitised HTML: tags become spaces, entities their characters. */
export function htmlToText(html: string): string {
  return html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z]+);/gi, (whole, name: string) => {
      if (name[0] === '#') {
        const code = name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10)
        return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole
      }
      return ENTITIES[name.toLowerCase()] ?? whole
    })
    .replace(/\s+/g, ' ')
    .trim()
}

/** Every non-overlapping match of `keyword` in `text`, as ranges of the original text. */
export function matchRanges(text: string, keyword: string): Highlight[] {
  const needle = foldText(keyword.trim())
  if (!needle) return []
  const { folded: hay, origin } = folded(text)
  const ranges: Highlight[] = []
  let from = 0
  for (;;) {
    const at = hay.indexOf(needle, from)
    if (at < 0) break
    const start = origin[at]!
    const lastOrigin = origin[at + needle.length - 1]!
    const end = lastOrigin + (text.codePointAt(lastOrigin)! > 0xffff ? 2 : 1)
    ranges.push({ start, length: end - start })
    from = at + needle.length
  }
  return ranges
}

/** Characters shown before the first match, and at most in all. */
export const SNIPPET_BEFORE = 60
export const SNIPPET_MAX = 200

export interface Snippet {
  text: string
  highlights: Highlight[]
  truncated_start: boolean
  truncated_end: boolean
}

/** A window of `text` around its first match, with the matches inside it. */
export function snippetOf(text: string, keyword: string): Snippet {
  const all = matchRanges(text, keyword)
  let start = Math.max(0, (all[0]?.start ?? 0) - SNIPPET_BEFORE)
  // Never cut a surrogate pair.
  if (start > 0 && /[\uDC00-\uDFFF]/.test(text[start] ?? '')) start -= 1
  let end = Math.min(text.length, start + SNIPPET_MAX)
  if (end < text.length && /[\uDC00-\uDFFF]/.test(text[end] ?? '')) end += 1
  return {
    text: text.slice(start, end),
    highlights: all.filter((r) => r.start >= start && r.start + r.length <= end).map((r) => ({ start: r.start - start, length: r.length })),
    truncated_start: start > 0,
    truncated_end: end < text.length,
  }
}
