import type { z } from 'zod'
import type { Language } from './common'
import { FIELD_MESSAGES, requiredMessage } from './messages'

type Issue = z.core.$ZodIssue

const fill = (template: string, values: Record<string, string | number>) =>
  template.replace(/\{(\w+)\}/g, (_, k: string) => String(values[k] ?? ''))

/** One zod issue as a user-facing message in the given language. */
export function issueMessage(issue: Issue, lang: Language): string {
  const field = String(issue.path[issue.path.length - 1] ?? 'value')
  switch (issue.code) {
    case 'invalid_type':
      return issue.input === undefined || issue.input === null || issue.input === ''
        ? requiredMessage(field, lang)
        : FIELD_MESSAGES.invalid[lang]
    case 'too_small':
      if (issue.origin === 'string' && Number(issue.minimum) === 1) return requiredMessage(field, lang)
      return issue.origin === 'string' ? fill(FIELD_MESSAGES.tooShort[lang], { n: Number(issue.minimum) }) : FIELD_MESSAGES.invalid[lang]
    case 'too_big':
      return issue.origin === 'string' ? fill(FIELD_MESSAGES.tooLong[lang], { n: Number(issue.maximum) }) : FIELD_MESSAGES.invalid[lang]
    case 'invalid_format':
      return issue.format === 'email' ? FIELD_MESSAGES.email[lang] : FIELD_MESSAGES.invalid[lang]
    case 'unrecognized_keys':
      return FIELD_MESSAGES.unknownField[lang]
    default:
      return FIELD_MESSAGES.invalid[lang]
  }
}

/** All issues of a failed parse, grouped by top-level field: the `errors` of a 400 body. */
export function fieldErrors(issues: readonly Issue[], lang: Language): Record<string, string[]> {
  // No prototype: a field named `constructor` or `toString` is a field like any other.
  const out: Record<string, string[]> = Object.create(null)
  for (const issue of issues) {
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys) (out[key] ??= []).push(issueMessage(issue, lang))
      continue
    }
    const key = String(issue.path[0] ?? '_')
    ;(out[key] ??= []).push(issueMessage(issue, lang))
  }
  return out
}
