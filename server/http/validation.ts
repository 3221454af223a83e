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

/**
 * Validates with the route's zod schema. A missing body counts as `{}`, so an empty POST reports
 * each required field by name instead of one message about the body. Issues carry their input,
 * which contract/fieldErrors needs to tell 'required' (absent) from 'invalid' (wrong type).
 */
export const zodValidatorCompiler: FastifySchemaCompiler<$ZodType> =
  ({ schema, httpPart }) =>
  (data) => {
    const input = httpPart === 'body' && (data === undefined || data === null) ? {} : data
    const result = safeParse(schema, input, PARSE_CONTEXT)
    return result.success ? { value: result.data } : { error: new RequestValidationError(result.error.issues) }
  }
