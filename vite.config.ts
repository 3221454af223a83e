import { defineConfig } from 'vite'
import react from '@vitejs/plugin-react'
import babel from '@rolldown/plugin-babel'
import tailwindcss from '@tailwindcss/vite'
import { lingui } from '@lingui/vite-plugin'
import { tanstackRouter } from '@tanstack/router-plugin/vite'
import { compression } from 'vite-plugin-compression2'
import { clientContract } from './vite.client-contract'
import { linguiCatalogParts } from './vite.lingui-parts'

const apiTarget = `http://localhost:${process.env.API_PORT ?? 3001}`

export default defineConfig({
  plugins: [
    tanstackRouter({ target: 'react', autoCodeSplitting: true, routesDirectory: 'src/routes', generatedRouteTree: 'src/routeTree.gen.ts' }),
    react(),
    babel({ plugins: ['@lingui/babel-plugin-lingui-macro'] }),
    lingui(),
    linguiCatalogParts(),
    clientContract(),
    tailwindcss(),
    // .br and .gz beside every text file of the build; the server sends them (server/http/spa.ts).
    compression({ algorithms: ['brotliCompress', 'gzip'] }),
  ],
  build: {
    outDir: 'dist',
    sourcemap: false,
    rolldownOptions: {
      // A contract module's unused schemas go with their arguments: reading LIMITS.nameMax for a
      // `.max()` that was left out is no side effect to keep (vite.client-contract.ts).
      treeshake: { propertyReadSideEffects: false },
      output: {
        // Every page needs the framework and the route definitions: two chunks instead of ~20 small
        // ones saves ~7 KB gzip of chunk overhead on /login (budget 120 KB). Route components and
        // feature code stay split per route.
        codeSplitting: {
          groups: [
            {
              name: 'framework',
              test: /node_modules[\\/](react|react-dom|scheduler|use-sync-external-store|@tanstack[\\/](react-router|router-core|history|store|react-store)|@lingui[\\/](core|react))[\\/]/,
            },
            // One xstate chunk, whoever imports it (the session, the chat machines, the visualiser).
            { name: 'xstate', test: /node_modules[\\/]xstate[\\/]/ },
            // The route definitions and the small modules the entry needs with them (the session's
            // rules and token store, the first-paint signal) or most pages share (the plan limits): one request instead of
            // five, which a phone network (HTTP/1.1, six connections) otherwise queues.
            // (A file the router ignores, `-name.tsx`, is lazily loaded code, not a route definition.)
            {
              name: 'routes',
              test: /(src[\\/](routes[\\/](?!([^?]*[\\/])?-)[^?]*|routeTree\.gen\.ts|services[\\/](session|token-store|first-paint)\.ts|machines[\\/](not-provided\.ts|session[\\/]session\.(rules|connect)\.ts))|contract[\\/]limits\.ts)$/,
            },
            // Small UI the sign-in and marketing pages share, claimed before either group below
            // takes it along with its pages.
            {
              name: 'shared-ui',
              test: /src[\\/](ui[\\/](language-selector|logo|text-field)\.tsx|services[\\/]error-(message|catalogue)\.ts)$/,
            },
            // The mobile menu (and the icons and focus trap it uses): the app's shell and the marketing pages share it.
            {
              name: 'mobile-nav',
              test: /src[\\/](ui[\\/](mobile-nav[\\/][^?]*|icons\.tsx|focus-trap\.ts)|machines[\\/]mobile-nav[\\/][^?]*|services[\\/]mobile-nav\.ts)$/,
            },
            // What every marketing page (and the app offer) shows around its copy: one chunk.
            { name: 'marketing', test: /src[\\/]ui[\\/]marketing[\\/](?!pages[\\/])[^?]*$/ },
            // The sign-in pages (log in, sign up, verify, reset) with their layout, forms and machine: one chunk.
            {
              name: 'auth',
              test: /src[\\/](ui[\\/]auth[\\/][^?]*|machines[\\/]auth-forms[\\/][^?]*|services[\\/]auth-forms\.ts|routes[\\/]_auth(\.tsx|[\\/][^?]*)\?tsr-split=component)$/,
            },
          ],
        },
      },
    },
  },
  server: {
    port: Number(process.env.PORT ?? 3000),
    proxy: {
      '/api': apiTarget,
      '/email-preview': apiTarget,
      '/socket.io': { target: apiTarget, ws: true },
    },
  },
})
