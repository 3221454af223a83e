// ESLint: typescript-eslint's recommended rules plus the dependency rules that keep the layers of
// docs/architecture.md (eslint-plugin-boundaries). `npm run lint`; the first step of `npm test`.
import js from '@eslint/js'
import boundaries from 'eslint-plugin-boundaries'
import tseslint from '@workroom/lint'

// the HTTP client and the endpoint callers (one file per endpoint tag), inside src/services: only src/services may import them
const httpCallers = `{http.ts,api/**}`

// Every file of the app belongs to one element (a folder); the first pattern that matches wins.
const elements = [
  { type: 'contract', pattern: 'contract', partialMatch: false },
  { type: 'machine', pattern: 'src/machines', partialMatch: false },
  { type: 'service', pattern: 'src/services', partialMatch: false },
  { type: 'ui', pattern: 'src/ui', partialMatch: false },
  { type: 'route', pattern: 'src/routes', partialMatch: false },
  { type: 'devtools', pattern: 'src/devtools', partialMatch: false },
  { type: 'app', pattern: 'src', partialMatch: false },
  { type: 'module', pattern: 'server/modules/*', partialMatch: false, capture: ['module'] },
  { type: 'server-infra', pattern: 'server/{http,db,realtime,storage,mail,auth,jobs,net}', partialMatch: false },
  { type: 'server', pattern: 'server', partialMatch: false },
  { type: 'tests', pattern: 'tests', partialMatch: false },
]
const allTypes = elements.map((e) => e.type)
const element = (type, more) => ({ element: { type, ...more } })
const notA = (...types) => allTypes.filter((type) => !types.includes(type))
// another module's internals: a file other than index.ts of a module whose name differs from the importer's
const otherModuleInternals = {
  to: element('module', { captured: { module: '!{{from.element.captured.module}}' }, fileInternalPath: '!index.ts' }),
}

const layerRules = {
  'boundaries/dependencies': [
    'error',
    {
      default: 'allow',
      // check imports of libraries too (contract/ and machines allow only a few)
      checkAllOrigins: true,
      // and imports inside one element (src/services: only its api/ may import `call`)
      checkInternals: true,
      policies: [
        {
          from: element('contract'),
          disallow: { to: element(notA('contract')) },
          message: 'contract/ imports nothing of the app (docs/architecture.md, Layers)',
        },
        {
          from: element('contract'),
          disallow: { to: { module: { origin: '{external,core}', source: '!zod{,/**}' } } },
          message: 'contract/ imports zod only (docs/architecture.md, Layers)',
        },
        {
          from: element('machine'),
          disallow: { to: element(notA('contract', 'machine')) },
          message: 'a machine imports only contract/ and xstate (docs/architecture.md, Layers)',
        },
        {
          // message descriptors (`msg`) are data: connect may return them for the view to translate
          from: element('machine'),
          disallow: {
            to: { module: { origin: '{external,core}', source: '!{xstate,@lingui/core{,/macro}}' } },
          },
          message: 'a machine imports only contract/ and xstate (docs/architecture.md, Layers)',
        },
        {
          from: element('service'),
          disallow: { to: element(['ui', 'route', 'app']) },
          message: 'src/services sits below src/ui and src/routes and imports neither (docs/architecture.md, Layers)',
        },
        {
          from: element(['ui', 'route']),
          disallow: { to: element('service', { fileInternalPath: httpCallers }) },
          message:
            'src/ui and src/routes import no HTTP client or endpoint caller; use the machine hook in src/services (docs/architecture.md, Layers)',
        },
        {
          from: element('devtools'),
          disallow: { to: element(notA('devtools')) },
          message: 'src/devtools imports nothing of the app; it reads the machines through import.meta.glob (docs/architecture.md, Layers)',
        },
        {
          from: element(notA('devtools', 'ui', 'route', 'tests')),
          disallow: { to: element('devtools') },
          message: 'only the visualiser (src/ui, src/routes) and the tests import src/devtools (docs/architecture.md, Layers)',
        },
        {
          // the other services call endpoints through src/services/api (they may still read apiErrorOf, connectAuth)
          from: element(['service', 'app'], { fileInternalPath: '!api/**' }),
          disallow: { to: element('service', { fileInternalPath: 'http.ts' }), dependency: { specifiers: ['call', 'http'] } },
          message: 'only src/services/api/<tag>.ts calls endpoints: import the call from there (docs/architecture.md, Layers)',
        },
        {
          from: element('module'),
          disallow: otherModuleInternals,
          message: "a server module imports another module only through that module's index.ts (docs/architecture.md, Layers)",
        },
        {
          from: element('server-infra'),
          disallow: { to: element('module') },
          message: 'server infrastructure imports no module (docs/architecture.md, Layers)',
        },
        {
          from: element('server', { fileInternalPath: '!build.ts' }),
          disallow: { to: element('module') },
          message: 'server infrastructure imports no module (docs/architecture.md, Layers)',
        },
        {
          from: element('server', { fileInternalPath: 'build.ts' }),
          disallow: { to: element('module', { fileInternalPath: '!index.ts' }) },
          message: 'the composition root (server/build.ts) takes a module only through its index.ts (docs/architecture.md, Layers)',
        },
      ],
    },
  ],
}

export default tseslint.config(
  {
    ignores: [
      'dist/**',
      'build/**',
      'reports/**',
      'test-results/**',
      'playwright-report/**',
      'data/**',
      'src/routeTree.gen.ts',
      'tools/lint/node_modules/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx,js,mjs}'],
    languageOptions: { ecmaVersion: 2023, sourceType: 'module' },
    rules: {
      // TypeScript checks these itself (tsc --noEmit with noUnusedLocals/noUnusedParameters)
      'no-undef': 'off',
      '@typescript-eslint/no-unused-vars': 'off',
      // a `let` that a callback declared above it reads (an unsubscribe handle) stays a `let`
      'prefer-const': ['error', { ignoreReadBeforeAssign: true }],
      // a boundary must be typed; inside the app an `any` is a warning until it is gone
      '@typescript-eslint/no-explicit-any': 'warn',
    },
  },
  {
    files: ['contract/**/*.ts', 'src/services/**/*.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'error' },
  },
  {
    // Journeys take `test` from support/test.ts, which closes the browser contexts a test opened.
    files: ['tests/e2e/**/*.ts'],
    ignores: ['tests/e2e/support/test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@playwright/test',
              importNames: ['test'],
              message: "Import test from './support/test' (it closes the test's browser contexts).",
            },
          ],
        },
      ],
    },
  },
  {
    files: ['contract/**', 'src/**', 'server/**', 'tests/**'],
    plugins: { boundaries },
    settings: {
      'boundaries/elements': elements,
      'boundaries/include': ['contract/**', 'src/**', 'server/**', 'tests/**'],
      'boundaries/legacy-templates': false,
      'import/resolver': { node: { extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'] } },
    },
    rules: layerRules,
  },
)
