import { useLingui } from '@lingui/react/macro'
import { ROLE_OPTIONS } from '../../contract/channel'

type RoleKey = (typeof ROLE_OPTIONS)[number]['key']

/** The one role list (member 20, admin 30, owner 40) as people read it: role number -> name. */
export function useRoleLabel(): (role: number) => string {
  const { t } = useLingui()
  const names: Record<RoleKey, string> = { member: t`Member`, admin: t`Admin`, owner: t`Owner` }
  return (role) => {
    const option = [...ROLE_OPTIONS].reverse().find((o) => role >= o.value)
    return names[option?.key ?? 'member']
  }
}
