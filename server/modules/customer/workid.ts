import { randomInt } from 'node:crypto'

/**
 * A human-friendly id: the ascii slug of the name plus '-' and digits ('Nguyễn Văn Đức' ->
 * 'nguyen-van-duc-4821'). The digits make it unlike any app route name.
 */
export function makeWorkid(name: string, digits = 4): string {
  const slug =
    name
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '')
      .replace(/[đĐ]/g, 'd')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 24)
      .replace(/-+$/g, '') || 'user'
  const n = randomInt(0, 10 ** digits)
  return `${slug}-${String(n).padStart(digits, '0')}`
}
