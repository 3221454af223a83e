// Where the browser's endpoint calls live: src/services/api/<tag>.ts, one file per tag of
// contract/endpoints.ts (the contract's domains). The lint lets only src/services/api import `call`;
// this checks, by reading the sources, that each entry is called from the file of its own tag.
import { readdirSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { describe, expect, it } from 'vitest'
import { endpoints } from '../../../contract/endpoints'

const SRC = join(process.cwd(), 'src')
const API = join(SRC, 'services', 'api')

const sourcesUnder = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name))
    .map((entry) => join(entry.parentPath, entry.name))

/** The entries of contract/endpoints.ts a source file names (`endpoints.x`; not the file's own name, `contract/endpoints.ts`). */
const entriesNamedIn = (file: string) => [...readFileSync(file, 'utf8').matchAll(/(?<![/\w])endpoints\.(\w+)/g)].map((m) => m[1]!)

describe('endpoint calls', () => {
  it('live in src/services/api/<tag>.ts, the file of their entry’s tag', () => {
    const misplaced = readdirSync(API).flatMap((name) =>
      entriesNamedIn(join(API, name))
        .filter((entry) => endpoints[entry as keyof typeof endpoints]?.tag !== name.replace(/\.ts$/, ''))
        .map((entry) => `${name}: ${entry}`),
    )
    expect(misplaced).toEqual([])
  })

  it('are made nowhere else in src', () => {
    const elsewhere = sourcesUnder(SRC)
      .filter((file) => !file.startsWith(API + '/'))
      .flatMap((file) => entriesNamedIn(file).map((entry) => `${relative(SRC, file)}: ${entry}`))
    expect(elsewhere).toEqual([])
  })
})
