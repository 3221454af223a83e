import { readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'

/** The msgids of a .po catalog whose msgstr is empty (the header and obsolete `#~` entries aside). */
function untranslated(po: string): string[] {
  const joined = (block: string, key: 'msgid' | 'msgstr') => {
    const match = new RegExp(`^${key} ((?:".*"\\n?)+)`, 'm').exec(block)
    return match ? [...match[1]!.matchAll(/"(.*)"/g)].map((m) => m[1]).join('') : ''
  }
  return po
    .split(/\n{2,}/)
    .filter((block) => /^msgid /m.test(block))
    .map((block) => ({ id: joined(block, 'msgid'), str: joined(block, 'msgstr') }))
    .filter(({ id, str }) => id !== '' && str === '')
    .map(({ id }) => id)
}

describe('the Vietnamese catalog', () => {
  it('translates every string the app shows', () => {
    const po = readFileSync(path.resolve(__dirname, '../../../locales/vi/messages.po'), 'utf8')
    expect(untranslated(po)).toEqual([])
  })

  it('finds an untranslated entry (the check can fail)', () => {
    expect(
      untranslated(
        'msgid ""\nmsgstr ""\n"Language: vi\\n"\n\n#: a.tsx:1\nmsgid "Hello"\nmsgstr ""\n\n#: b.tsx:2\nmsgid "Bye"\nmsgstr "Tạm biệt"\n',
      ),
    ).toEqual(['Hello'])
  })
})
