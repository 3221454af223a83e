/**
 * The test files that mock a module (`vi.mock`). The unit and server suites share one module graph
 * per worker (vitest `isolate: false`), where a mock would not reach a module another file already
 * loaded, or would leak into the next file; these files run in projects of their own, isolated.
 * tests/unit/module-mock-files.test.ts checks the lists against the files.
 */
export const UNIT_FILES_WITH_MODULE_MOCKS = [
  'tests/unit/services/account-channels.test.ts',
  'tests/unit/services/outbox.test.ts',
  'tests/unit/services/session-hooks.test.tsx',
  'tests/unit/services/shell-wiring.test.ts',
  'tests/unit/ui/chat-list-create-channel.test.tsx',
]

export const SERVER_FILES_WITH_MODULE_MOCKS = ['tests/server/meetings.test.ts', 'tests/server/passwords.test.ts']
