import type { FastifySchemaCompiler } from 'fastify'
import { safeParse, type $ZodIssue, type $ZodType } from 'zod/v4/core'

/** A request part that failed its contract schema; keeps zod's issues for contract/fieldErrors. */
export class RequestValidationError extends Error {
  readonly statusCode = 400
  readonly code = 'FST_ERR_VALIDATION'
  constructor(readonly issues: readonly $ZodIssue[]) {
    super('Request does not match the schema')
    this.name = 'RequestValidationError'
  }
}

const PARSE_CONTEXT = { reportInput: true } as const

/** NUL, which PostgreSQL text cannot hold, and lone surrogates, which are no Unicode at all. */
export const unstorable = (text: string) => text.includes('\u0000') || /\p{Cs}/u.test(text)

/**
 * An issue for every string (and key) of validated input that the database could not store as
 * sent: refused as invalid input instead of failing in SQL (500) or being stored altered.
 */
function unstorableText(value: unknown, path: PropertyKey[] = [], issues: $ZodIssue[] = []): $ZodIssue[] {
  if (typeof value === 'string') {
    if (unstorable(value)) issues.push({ code: 'custom', path, message: 'unstorable', input: value })
  } else if (value && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      if (unstorable(key)) issues.push({ code: 'custom', path: [...path, key], message: 'unstorable', input: key })
      unstorableText(item, [...path, key], issues)
    }
  }
  return issues
}

/**
 * Validates with the route's zod schema. A missing body counts as `{}`, so an empty POST reports
 * each required field by name instead of one message about the body. Issues carry their input,
 * which contract/fieldErrors needs to tell 'required' (absent) from 'invalid' (wrong type). Text
 * the database cannot store is refused too (checked on the parsed value: the schema bounds its depth).
 */
export const zodValidatorCompiler: FastifySchemaCompiler<$ZodType> =
  ({ schema, httpPart }) =>
  (data) => {
    const input = httpPart === 'body' && (data === undefined || data === null) ? {} : data
    const result = safeParse(schema, input, PARSE_CONTEXT)
    if (!result.success) return { error: new RequestValidationError(result.error.issues) }
    const badText = unstorableText(result.data)
    return badText.length ? { error: new RequestValidationError(badText) } : { value: result.data }
  }
