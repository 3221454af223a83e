import { endpoints } from '../../../contract/endpoints'
import type { MessageSearchQuery, SuperSearchQuery } from '../../../contract/search'
import { call } from '../http'

/** The search calls (contract/endpoints.ts, tag 'search'). */

/** GET super-search: quiet, the dropdown says itself that the search failed. */
export const superSearch = (query: SuperSearchQuery) => call(endpoints.superSearch, query, { quiet: true })

/** GET message/search: quiet, the page says itself that the search failed. */
export const searchMessages = (query: MessageSearchQuery) => call(endpoints.messageSearch, query, { quiet: true })
