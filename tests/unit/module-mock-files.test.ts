import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { SERVER_FILES_WITH_MODULE_MOCKS, UNIT_FILES_WITH_MODULE_MOCKS } from '../support/module-mock-files'

/** The test files under `dir` whose source calls vi.mock or vi.doMock. */
function filesMockingModules(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.test\.tsx?$/.test(file))
    .map((file) => join(dir, file))
    .filter((path) => /\bvi\.(do)?[mM]ock\(/.test(readFileSync(path, 'utf8')))
    .sort()
}

describe('the isolated projects list every file that mocks a module', () => {
  it('unit', () => expect([...UNIT_FILES_WITH_MODULE_MOCKS].sort()).toEqual(filesMockingModules('tests/unit')))
  it('server', () => expect([...SERVER_FILES_WITH_MODULE_MOCKS].sort()).toEqual(filesMockingModules('tests/server')))
})
