import type { z } from 'zod'
import { registerBody, resetPasswordBody } from '../../contract/auth'
import type { Language } from '../../contract/common'
import { fieldErrors } from '../../contract/validation'
import type { Checked } from '../machines/auth-forms'

/**
 * Client-side checks with the contract's own zod schemas and messages (the server answers the
 * same ones). Loaded by the auth forms' check actors on the first submit, so zod stays out of the
 * entry chunk and /login.
 */
function check<S extends z.ZodType>(schema: S, values: unknown, lang: Language): Checked<z.output<S>> {
  const parsed = schema.safeParse(values)
  return parsed.success ? { ok: true, data: parsed.data } : { ok: false, errors: fieldErrors(parsed.error.issues, lang) }
}

export const validateRegistration = (values: { name: string; email: string; password: string }, lang: Language) =>
  check(registerBody, values, lang)

export const validatePasswordReset = (values: { email: string; code: string; password: string }, lang: Language) =>
  check(resetPasswordBody, values, lang)
