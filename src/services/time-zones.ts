/** The browser's time zones: its own (a new reminder's, a booking visitor's default) and the list a time zone field offers. */

/** The browser's IANA time zone, UTC when it does not say one. */
export function browserTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC'
  } catch {
    return 'UTC'
  }
}

/** Every IANA time zone the browser knows, `current` first when it is not among them (a stored zone this browser lacks). */
export function timeZonesWith(current: string | null): string[] {
  const known = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : ['UTC', 'Asia/Ho_Chi_Minh']
  return !current || known.includes(current) ? [...known] : [current, ...known]
}
