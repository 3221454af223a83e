import { msg } from '@lingui/core/macro'
import type { MessageDescriptor } from '@lingui/core'

/** The marketing header's internal links, in order. */
export const MARKETING_NAV = [
  { to: '/about', label: msg`About Us` },
  { to: '/maas', label: msg`Managed services` },
  { to: '/product', label: msg`Product` },
  { to: '/pricing', label: msg`Pricing` },
] as const satisfies ReadonlyArray<{ to: string; label: MessageDescriptor }>
