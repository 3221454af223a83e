import path from 'node:path'
import type { Plugin } from 'vite'
import { getConfig } from '@lingui/conf'
import { createCompiledCatalog, getCatalogDependentFiles, getCatalogForFile, getCatalogs } from '@lingui/cli/api'
import { CATALOG_PARTS, partOfOrigins, type CatalogPart } from './src/services/catalog-parts'

/**
 * Compiles one part of a Lingui .po catalog: `import('…/messages.po?part=app')`. The .po stays one
 * file per language for translators; each page loads only the messages it can show (see
 * src/services/catalog-parts.ts). Missing translations fall back to the source locale, like
 * @lingui/vite-plugin does for whole catalogs.
 */
export function linguiCatalogParts(): Plugin {
  const config = getConfig()
  const rootDir = config.rootDir ?? process.cwd()
  const sourceLocale = config.sourceLocale ?? 'en'
  const fallbackLocales = config.fallbackLocales || {}
  const partQuery = /\.po\?part=(\w+)$/
  return {
    name: 'workroom-lingui-catalog-parts',
    async transform(_source, id) {
      const match = partQuery.exec(id)
      if (!match) return
      const part = match[1] as CatalogPart
      if (!CATALOG_PARTS.includes(part)) throw new Error(`Unknown catalog part "${part}" in ${id}`)
      const file = id.split('?')[0]
      const found = getCatalogForFile(path.relative(rootDir, file), await getCatalogs(config))
      if (!found) throw new Error(`${file} is not one of the catalogs of lingui.config.ts`)
      const { locale, catalog } = found
      for (const dependency of await getCatalogDependentFiles(catalog, locale)) this.addWatchFile(dependency)
      const { messages } = await catalog.getTranslations(locale, { fallbackLocales, sourceLocale })
      // Origins come from the source locale's catalog (the one `lingui extract` writes them to).
      const source = await catalog.read(sourceLocale)
      const inPart = Object.fromEntries(
        Object.entries(messages).filter(
          ([messageId]) => partOfOrigins((source?.[messageId]?.origin ?? []).map(([originFile]) => originFile)) === part,
        ),
      )
      const { source: code, errors } = createCompiledCatalog(locale, inPart, { namespace: 'es' })
      if (errors.length > 0) this.warn(`${errors.length} messages of ${locale} could not be compiled`)
      return { code, map: null, moduleType: 'js' }
    },
  }
}
