import { PAGE_SIZE } from '../../contract/common'

/** Every page of a list the server pages by 20, until a short page, up to `maxPages` (500 items by default). */
export async function everyPage<T>(load: (page: number) => Promise<T[]>, maxPages = 25): Promise<T[]> {
  const all: T[] = []
  for (let page = 1; page <= maxPages; page++) {
    const batch = await load(page)
    all.push(...batch)
    if (batch.length < PAGE_SIZE) break
  }
  return all
}
