import type { ReactNode } from 'react'

const URL_PATTERN = /\bhttps?:\/\/[^\s<>"']+[^\s<>"'.,;:!?)\]]/gi

/** Text with its http(s) URLs as links (new tab, no opener); everything else stays text. */
export function linkify(text: string): ReactNode[] {
  const parts: ReactNode[] = []
  let last = 0
  for (const match of text.matchAll(URL_PATTERN)) {
    const at = match.index ?? 0
    if (at > last) parts.push(text.slice(last, at))
    parts.push(
      <a key={at} href={match[0]} target="_blank" rel="noopener noreferrer nofollow" className="break-all text-indigo-700 underline">
        {match[0]}
      </a>,
    )
    last = at + match[0].length
  }
  if (last < text.length) parts.push(text.slice(last))
  return parts
}
