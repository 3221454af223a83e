import { apiErrorOf } from './http'

/** Why a chat or deep link did not open: nothing has that id or workid, the person refuses strangers, or it failed. */
export function chatRefusalOf(error: unknown): 'notFound' | 'refused' | 'failed' {
  // A call wrapped by failingWithMessage keeps the HTTP error as its cause.
  const status = apiErrorOf(error)?.status ?? apiErrorOf(error instanceof Error ? error.cause : null)?.status
  return status === 404 || status === 400 ? 'notFound' : status === 403 ? 'refused' : 'failed'
}
