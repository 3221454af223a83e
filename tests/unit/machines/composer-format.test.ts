import { describe, expect, it } from 'vitest'
import { formatDraft } from '../../../src/machines/composer/format'

/** The formatting toolbar's markdown, written out by hand: [draft, selection start, end] -> [draft, caret]. */
describe('formatDraft', () => {
  it.each([
    ['bold', 'make it loud', 8, 12, 'make it **loud**', 16],
    ['bold', 'empty ', 6, 6, 'empty ****', 8],
    ['italic', 'so nice', 3, 7, 'so _nice_', 9],
    ['strike', 'old plan', 0, 3, '~~old~~ plan', 7],
    ['code', 'run npm test', 4, 12, 'run `npm test`', 14],
    ['codeBlock', 'see:const a = 1', 4, 15, 'see:\n```\nconst a = 1\n```', 20],
    ['codeBlock', '', 0, 0, '```\n\n```', 4],
    ['quote', 'he said\nyes\nok', 3, 10, '> he said\n> yes\nok', 15],
    ['bulleted', 'milk\neggs', 0, 9, '- milk\n- eggs', 13],
    ['numbered', 'intro\nfirst\nsecond', 6, 18, 'intro\n1. first\n2. second', 24],
    ['link', 'read the docs', 9, 13, 'read the [docs](https://)', 24],
  ] as const)('%s on %j [%i, %i]', (format, draft, start, end, expected, caret) => {
    expect(formatDraft(draft, format, start, end)).toEqual({ draft: expected, caret })
  })

  it('reads a backwards selection and one past the end as the text they cover', () => {
    expect(formatDraft('abc', 'bold', 3, 1)).toEqual({ draft: 'a**bc**', caret: 7 })
    expect(formatDraft('abc', 'italic', 1, 99)).toEqual({ draft: 'a_bc_', caret: 5 })
  })
})
