/** The search module's public face: its routes and service (it reads other domains' tables, writes none). */
export { searchRoutes } from './routes'
export { createSearchService, type SearchService } from './service'
