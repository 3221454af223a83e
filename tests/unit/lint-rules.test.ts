// @vitest-environment node
// The dependency rules of eslint.config.js (the layers of docs/architecture.md), run through ESLint's
// Node API on snippets linted as if they were files at the given paths. The imported files are real
// files of the tree, so the resolver finds them as it does in `npm run lint`.
import { ESLint } from 'eslint'
import { describe, expect, it } from 'vitest'

const eslint = new ESLint({ cwd: process.cwd() })

async function layerErrors(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath })
  return result.messages.filter((m) => m.ruleId === 'boundaries/dependencies').map((m) => m.message)
}

// The first lint loads ESLint's config and resolvers: seconds, more on a loaded machine.
describe('layer rules', { timeout: 60_000 }, () => {
  it('src/ui and src/routes import no HTTP client or endpoint caller', async () => {
    expect(await layerErrors('src/ui/lint-fixture.tsx', "import { http } from '../services/http'\nexport const x = http\n")).toEqual([
      expect.stringContaining('src/ui and src/routes import no HTTP client'),
    ])
    expect(
      await layerErrors(
        'src/ui/conversation/lint-fixture.tsx',
        "import { sendMessage } from '../../services/api/message'\nexport const x = sendMessage\n",
      ),
    ).toHaveLength(1)
    expect(
      await layerErrors('src/routes/_app/lint-fixture.tsx', "import * as api from '../../services/api/channel'\nexport const x = api\n"),
    ).toHaveLength(1)
    // a machine's runtime hook and the non-HTTP helpers stay allowed
    expect(await layerErrors('src/ui/lint-fixture.tsx', "import { toast } from '../services/toast'\nexport const x = toast\n")).toEqual([])
  })

  it('only src/services/api calls endpoints: other services import the call from there', async () => {
    expect(
      await layerErrors(
        'src/services/lint-fixture.ts',
        "import { call } from './http'\nimport { endpoints } from '../../contract'\nexport const x = () => call(endpoints.myChannel)\n",
      ),
    ).toEqual([expect.stringContaining('only src/services/api/<tag>.ts calls endpoints')])
    expect(await layerErrors('src/services/lint-fixture.ts', "import { http } from './http'\nexport const x = http\n")).toHaveLength(1)
    // the callers themselves, and the failure helpers every service reads, stay allowed
    expect(
      await layerErrors(
        'src/services/api/lint-fixture.ts',
        "import { call } from '../http'\nimport { endpoints } from '../../../contract'\nexport const x = () => call(endpoints.myChannel)\n",
      ),
    ).toEqual([])
    expect(await layerErrors('src/services/lint-fixture.ts', "import { apiErrorOf } from './http'\nexport const x = apiErrorOf\n")).toEqual(
      [],
    )
    expect(
      await layerErrors('src/services/lint-fixture.ts', "import { myChannels } from './api/channel'\nexport const x = myChannels\n"),
    ).toEqual([])
  })

  it('src/services imports nothing from src/ui or src/routes', async () => {
    expect(
      await layerErrors(
        'src/services/lint-fixture.ts',
        "import type { StatechartDiagramProps } from '../ui/statechart/statechart-diagram'\nexport type X = StatechartDiagramProps\n",
      ),
    ).toEqual([expect.stringContaining('src/services sits below src/ui')])
  })

  it('contract/ imports nothing of the app and no library but zod', async () => {
    expect(
      await layerErrors('contract/lint-fixture.ts', "import { toast } from '../src/services/toast'\nexport const x = toast\n"),
    ).toHaveLength(1)
    expect(await layerErrors('contract/lint-fixture.ts', "import { useState } from 'react'\nexport const x = useState\n")).toHaveLength(1)
    expect(
      await layerErrors(
        'contract/lint-fixture.ts',
        "import { z } from 'zod'\nimport { idSchema } from './common'\nexport const x = [z, idSchema]\n",
      ),
    ).toEqual([])
  })

  it('a machine imports only contract/, other machines and xstate', async () => {
    const file = 'src/machines/lint-fixture/lint-fixture.machine.ts'
    expect(await layerErrors(file, "import { toast } from '../../services/toast'\nexport const x = toast\n")).toHaveLength(1)
    expect(await layerErrors(file, "import { useState } from 'react'\nexport const x = useState\n")).toHaveLength(1)
    expect(
      await layerErrors(
        file,
        "import { setup } from 'xstate'\nimport type { Id } from '../../../contract/common'\nexport const x: [typeof setup, Id?] = [setup]\n",
      ),
    ).toEqual([])
  })

  it('src/devtools imports nothing of the app, and only the visualiser and the tests import it', async () => {
    expect(
      await layerErrors(
        'src/devtools/statecharts/lint-fixture.ts',
        "import { toast } from '../../services/toast'\nexport const x = toast\n",
      ),
    ).toEqual([expect.stringContaining('src/devtools imports nothing of the app')])
    expect(
      await layerErrors(
        'src/services/lint-fixture.ts',
        "import { machineToGraph } from '../devtools/statecharts/graph-model'\nexport const x = machineToGraph\n",
      ),
    ).toEqual([expect.stringContaining('only the visualiser')])
    expect(
      await layerErrors(
        'src/ui/lint-fixture.tsx',
        "import { machineToGraph } from '../devtools/statecharts/graph-model'\nexport const x = machineToGraph\n",
      ),
    ).toEqual([])
    expect(
      await layerErrors(
        'tests/model/support/lint-fixture.ts',
        "import { machineToGraph } from '../../../src/devtools/statecharts/graph-model'\nexport const x = machineToGraph\n",
      ),
    ).toEqual([])
  })

  it("a server module imports another module's index.ts only", async () => {
    expect(
      await layerErrors('server/modules/channel/lint-fixture.ts', "import * as topics from '../topic/service'\nexport const x = topics\n"),
    ).toEqual([expect.stringContaining("only through that module's index.ts")])
    // its own files, and another module's index.ts, are fine
    expect(
      await layerErrors('server/modules/channel/lint-fixture.ts', "import * as channels from './service'\nexport const x = channels\n"),
    ).toEqual([])
    expect(
      await layerErrors('server/modules/channel/lint-fixture.ts', "import * as topics from '../topic'\nexport const x = topics\n"),
    ).toEqual([])
  })

  it('server infrastructure imports no module', async () => {
    expect(
      await layerErrors('server/http/lint-fixture.ts', "import * as topics from '../modules/topic'\nexport const x = topics\n"),
    ).toEqual([expect.stringContaining('server infrastructure imports no module')])
    // the files at server/'s root too (context.ts, app.ts), but for the composition root
    expect(
      await layerErrors('server/lint-fixture.ts', "import type { AuthContext } from './modules/auth'\nexport type X = AuthContext\n"),
    ).toEqual([expect.stringContaining('server infrastructure imports no module')])
  })

  it('the composition root (server/build.ts) takes a module only through its index.ts', async () => {
    expect(
      await layerErrors('server/build.ts', "import { topicRoutes } from './modules/topic/routes'\nexport const x = topicRoutes\n"),
    ).toEqual([expect.stringContaining('the composition root (server/build.ts) takes a module only through its index.ts')])
    expect(await layerErrors('server/build.ts', "import { topicRoutes } from './modules/topic'\nexport const x = topicRoutes\n")).toEqual(
      [],
    )
  })
})
