import { z } from 'zod'

/** Every success body is `{ result }`. */
export const resultOf = <T extends z.ZodType>(schema: T) => z.object({ result: schema })

/** Every error body: a message and, for bad input, messages per field. */
export const errorBody = z.object({
  message: z.string(),
  errors: z.record(z.string(), z.array(z.string())).optional(),
})
export type ErrorBody = z.infer<typeof errorBody>

export const LANGUAGES = ['en', 'vi'] as const
export const language = z.enum(LANGUAGES)
export type Language = z.infer<typeof language>
export const FALLBACK_LANGUAGE: Language = 'en'

/** 0 or 1, as the account flags are stored and sent. */
export const flag = z.union([z.literal(0), z.literal(1)])
export type Flag = z.infer<typeof flag>

export const PAGE_SIZE = 20
/** The last page number any paged list takes (deeper pages cost the database a long skip). */
export const PAGE_MAX = 1000
/** `page` of a paged list: 1-based, at most PAGE_MAX, 1 when absent. */
export const pageNumber = z.coerce.number().int().min(1).max(PAGE_MAX).default(1)
/** The most items a list without pages answers. */
export const LIST_MAX = 1000
export const objectId = z.string().min(1).max(64)
