import type { Member } from '../../../contract/channel'
import { ROLES } from '../../../contract/limits'

/** A channel or chat member as the server lists them (workid: the id). */
export const memberFixture = (_id: string, name: string, role: number = ROLES.member): Member => ({
  _id,
  name,
  workid: _id,
  photo_url: null,
  role,
})
