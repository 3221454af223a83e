/** Catalog parts compiled by vite.lingui-parts.ts. */
declare module '*.po?part=app' {
  import type { Messages } from '@lingui/core'
  export const messages: Messages
}
declare module '*.po?part=marketing' {
  import type { Messages } from '@lingui/core'
  export const messages: Messages
}
declare module '*.po?part=landing' {
  import type { Messages } from '@lingui/core'
  export const messages: Messages
}
declare module '*.po?part=documents' {
  import type { Messages } from '@lingui/core'
  export const messages: Messages
}
declare module '*.po?part=shell' {
  import type { Messages } from '@lingui/core'
  export const messages: Messages
}
declare module '*.po?part=statecharts' {
  import type { Messages } from '@lingui/core'
  export const messages: Messages
}
declare module '*.po?part=pages' {
  import type { Messages } from '@lingui/core'
  export const messages: Messages
}
