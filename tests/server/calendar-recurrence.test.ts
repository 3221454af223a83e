import { describe, expect, it } from 'vitest'
import { compileRule, RuleError, ruleFrom } from '../../server/modules/calendar/recurrence'

/**
 * The calendar's recurrence helpers on their own (no server). `ruleFrom` starts a rule's walk just
 * before the range asked for; its oracle here is the library's own walk from the event's start,
 * over rules, starts (a 31st, a 29 February, late evening), zones with daylight saving (New York,
 * Berlin, Lord Howe's half hour) and windows.
 */
const RULES = [
  'FREQ=DAILY',
  'FREQ=DAILY;INTERVAL=3',
  'FREQ=DAILY;INTERVAL=7;BYDAY=MO,SA',
  'FREQ=DAILY;BYMONTH=2,3;BYMONTHDAY=29,30,31',
  'FREQ=WEEKLY',
  'FREQ=WEEKLY;INTERVAL=2',
  'FREQ=WEEKLY;INTERVAL=3;BYDAY=MO,FR;WKST=SU',
  'FREQ=WEEKLY;BYDAY=MO,TU,WE;BYSETPOS=-1',
  'FREQ=WEEKLY;BYMONTHDAY=13',
  'FREQ=MONTHLY',
  'FREQ=MONTHLY;INTERVAL=5',
  'FREQ=MONTHLY;BYDAY=-1FR',
  'FREQ=MONTHLY;INTERVAL=2;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=-1',
  'FREQ=MONTHLY;BYMONTHDAY=-1',
  'FREQ=MONTHLY;BYMONTH=1,7',
  'FREQ=MONTHLY;UNTIL=20290101T000000Z',
  'FREQ=DAILY;UNTIL=20280315',
  'FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=29',
]
const STARTS = ['2000-02-29T23:30:00Z', '2010-05-31T05:15:00Z', '2024-03-30T22:00:00Z']
const ZONES = ['Europe/Berlin', 'America/New_York', 'Australia/Lord_Howe']
const WINDOWS = [
  ['2027-01-01', '2027-04-10'],
  ['2028-02-20', '2028-05-01'],
  ['2026-10-20', '2026-11-15'],
]

describe('calendar recurrence', () => {
  it('a walk started just before the range gives exactly the occurrences of the walk from the start', () => {
    let compared = 0
    for (const rule of RULES)
      for (const start of STARTS)
        for (const zone of ZONES) {
          let compiled: ReturnType<typeof compileRule>
          try {
            compiled = compileRule(rule, new Date(start), zone)
          } catch (err) {
            // Every 7th day from a Tuesday is never a Monday or a Saturday: refused, nothing to walk.
            expect(err).toBeInstanceOf(RuleError)
            continue
          }
          for (const [from, to] of WINDOWS) {
            const a = new Date(`${from}T00:00:00Z`)
            const b = new Date(`${to}T00:00:00Z`)
            const whole = compiled.rule.between(a, b, true).map((d) => d.toISOString())
            const shifted = ruleFrom(compiled, a)
              .between(a, b, true)
              .map((d) => d.toISOString())
            expect([rule, start, zone, from, shifted]).toEqual([rule, start, zone, from, whole])
            compared++
          }
        }
    expect(compared).toBeGreaterThan(0.9 * RULES.length * STARTS.length * ZONES.length * WINDOWS.length)
  })

  it('refuses a rule that can never happen, one with parts it does not read, and one that ends before it starts', () => {
    for (const rule of [
      'FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=30',
      'FREQ=MONTHLY;BYDAY=MO;BYMONTHDAY=1;BYSETPOS=2',
      'FREQ=DAILY;INTERVAL=7;BYDAY=MO',
      'FREQ=DAILY;BYHOUR=9',
      'FREQ=DAILY;UNTIL=20200101',
      'FREQ=DAILY;INTERVAL=0',
      'FREQ=DAILY;COUNT=0',
    ])
      // 27 March 2024 is a Wednesday: every 7th day from it is never a Monday.
      expect(() => compileRule(rule, new Date('2024-03-27T08:00:00Z'), 'Europe/Berlin'), rule).toThrow(RuleError)
  })
})
