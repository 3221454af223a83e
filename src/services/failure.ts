import { i18n } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { apiErrorOf } from './http'

const SOMETHING_WENT_WRONG = msg`Something went wrong. Please try again.`

/** What a refused or failed call tells the user: the server's message, else the fallback. */
export function failureMessage(failure: unknown, fallback: string = i18n._(SOMETHING_WENT_WRONG)): string {
  return apiErrorOf(failure)?.body?.message ?? fallback
}

/**
 * The call, failing with an Error whose message is `failureMessage`: what a machine stores as an
 * action's error (its `errorText`) and its view shows.
 */
export async function failingWithMessage<T>(work: Promise<T>, fallback?: string): Promise<T> {
  try {
    return await work
  } catch (failure) {
    throw new Error(failureMessage(failure, fallback), { cause: failure })
  }
}
