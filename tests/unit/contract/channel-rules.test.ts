import { describe, expect, it } from 'vitest'
import { mayLeaveChannel, mayRemoveMember } from '../../../contract/channel'

// The product's rule, written out by hand: the owner removes anyone else; an admin removes members
// only; nobody removes the owner or themselves; someone not in the channel (10) removes no one.
const OWNER = 40
const ADMIN = 30
const MEMBER = 20
const OUTSIDER = 10

describe('who may remove whom from a channel', () => {
  const cases: [string, number, number, boolean][] = [
    ['owner removes an admin', OWNER, ADMIN, true],
    ['owner removes a member', OWNER, MEMBER, true],
    ['admin removes a member', ADMIN, MEMBER, true],
    ['admin removes another admin', ADMIN, ADMIN, false],
    ['admin removes the owner', ADMIN, OWNER, false],
    ['member removes a member', MEMBER, MEMBER, false],
    ['member removes an admin', MEMBER, ADMIN, false],
    ['outsider removes a member', OUTSIDER, MEMBER, false],
  ]
  for (const [what, mine, theirs, allowed] of cases)
    it(what, () => {
      expect(mayRemoveMember(mine, { _id: 'them', role: theirs }, 'me')).toBe(allowed)
    })

  it('nobody removes themselves (that is leaving)', () => {
    for (const role of [OWNER, ADMIN, MEMBER]) expect(mayRemoveMember(role, { _id: 'me', role }, 'me')).toBe(false)
  })
})

describe('who may leave a channel', () => {
  it('members and admins; not the owner, not someone outside it', () => {
    expect([OWNER, ADMIN, MEMBER, OUTSIDER].map(mayLeaveChannel)).toEqual([false, true, true, false])
  })
})
