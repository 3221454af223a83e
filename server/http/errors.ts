import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { fieldErrors, type Language, requiredMessage, SERVER_MESSAGES, type ServerMessageKey } from '../../contract'
import { requestLanguage } from './language'
import { RequestValidationError } from './validation'

type Localized = Readonly<Record<Language, string>>

/** An expected failure: a status, a message of SERVER_MESSAGES and optional field messages. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly key: ServerMessageKey,
    readonly fields?: Record<string, ServerMessageKey | Localized>,
    /** Values for the message's {placeholders}. */
    readonly params?: Readonly<Record<string, string | number>>,
  ) {
    super(SERVER_MESSAGES[key].en)
    this.name = 'HttpError'
  }
}

export const badRequest = (key: ServerMessageKey, field?: string) => new HttpError(400, key, field ? { [field]: key } : undefined)
export const unauthorized = (key: ServerMessageKey = 'unauthenticated') => new HttpError(401, key)
export const forbidden = () => new HttpError(403, 'permissionDenied')
export const notFound = () => new HttpError(404, 'notFound')

/** 'Field file is required' in both languages, for fields that do not come through zod. */
export const requiredField = (field: string): Localized => ({ en: requiredMessage(field, 'en'), vi: requiredMessage(field, 'vi') })

const JSON_ERRORS = new Set(['FST_ERR_CTP_INVALID_JSON_BODY', 'FST_ERR_CTP_EMPTY_JSON_BODY'])

/** Status -> message for errors raised by Fastify and its plugins. */
function messageKeyFor(status: number, err: FastifyError): ServerMessageKey {
  if (status === 400 && (JSON_ERRORS.has(err.code) || err instanceof SyntaxError)) return 'malformedJson'
  switch (status) {
    case 401:
      return 'unauthenticated'
    case 403:
      return 'permissionDenied'
    case 404:
      return 'notFound'
    case 413:
      return 'fileTooLarge'
    case 429:
      return 'tooManyRequests'
    default:
      return 'invalidInput'
  }
}

/**
 * The one error handler: every failure leaves as `{message, errors?}` in the caller's language.
 * Bad input is a 4xx with field messages; anything unexpected is logged and becomes 500 'Server Error'.
 */
export function installErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((err: FastifyError, req: FastifyRequest, reply: FastifyReply) => {
    const lang = requestLanguage(req)
    if (err instanceof HttpError) {
      const errors = err.fields
        ? Object.fromEntries(Object.entries(err.fields).map(([k, v]) => [k, [typeof v === 'string' ? SERVER_MESSAGES[v][lang] : v[lang]]]))
        : undefined
      const message = Object.entries(err.params ?? {}).reduce(
        (text, [k, v]) => text.replaceAll(`{${k}}`, String(v)),
        SERVER_MESSAGES[err.key][lang] as string,
      )
      return reply.code(err.statusCode).send({ message, ...(errors && { errors }) })
    }
    if (err instanceof RequestValidationError) {
      return reply.code(400).send({ message: SERVER_MESSAGES.invalidInput[lang], errors: fieldErrors(err.issues, lang) })
    }
    const status = typeof err.statusCode === 'number' ? err.statusCode : 500
    if (status >= 400 && status < 500) {
      return reply.code(status).send({ message: SERVER_MESSAGES[messageKeyFor(status, err)][lang] })
    }
    req.log.error({ err }, 'request failed')
    return reply.code(500).send({ message: SERVER_MESSAGES.serverError[lang] })
  })
}
