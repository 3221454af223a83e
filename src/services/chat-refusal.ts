import { RelateError } from './api/relates'
import { apiErrorOf } from './http'

/** Why a chat or deep link did not open: nothing has that id or workid, the person refuses strangers, or it failed. */
export function chatRefusalOf(error: unknown): 'notFound' | 'refused' | 'failed' {
  const status = error instanceof RelateError ? error.status : apiErrorOf(error)?.status
  return status === 404 || status === 400 ? 'notFound' : status === 403 ? 'refused' : 'failed'
}
