import { endpoints } from '../../../contract/endpoints'
import type { Draft } from '../../../contract/draft'
import { call } from '../http'

/** The draft calls (contract/endpoints.ts, tag 'draft'). Quiet: a draft that did not save is tried again, no toast. */
const quiet = { quiet: true }

export const getDraft = (topicId: string): Promise<Draft> => call(endpoints.draftGet, { topic_id: topicId }, quiet)
export const saveDraft = (topicId: string, text: string): Promise<Draft> => call(endpoints.draftSave, { topic_id: topicId, text }, quiet)
export const listDrafts = (): Promise<Draft[]> => call(endpoints.draftList, undefined, quiet)
