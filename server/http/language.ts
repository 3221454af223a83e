import type { FastifyRequest } from 'fastify'
import { FALLBACK_LANGUAGE, LANGUAGES, type Language } from '../../contract'

const supported = new Set<string>(LANGUAGES)

/** The best supported language of an Accept-Language header ('vi-VN,vi;q=0.9,en;q=0.5' -> 'vi'), en fallback. */
export function parseAcceptLanguage(header: string | undefined): Language {
  if (!header) return FALLBACK_LANGUAGE
  let best: Language = FALLBACK_LANGUAGE
  let bestQ = -1
  for (const part of header.split(',')) {
    const [tag = '', ...params] = part.trim().split(';')
    const primary = tag.trim().toLowerCase().split('-')[0] ?? ''
    if (!supported.has(primary)) continue
    const qParam = params.map((p) => p.trim()).find((p) => p.startsWith('q='))
    const q = qParam ? Number(qParam.slice(2)) : 1
    if (Number.isFinite(q) && q > bestQ) {
      best = primary as Language
      bestQ = q
    }
  }
  return best
}

export const requestLanguage = (req: FastifyRequest): Language => parseAcceptLanguage(req.headers['accept-language'])
