/**
 * The items of `list`, then those of `page` it does not hold yet, by `_id`: the next page of a list
 * may repeat items of the one before when something was added in between.
 */
export function appendUnique<T extends { _id: string }>(list: readonly T[], page: readonly T[]): T[] {
  const known = new Set(list.map((item) => item._id))
  return [...list, ...page.filter((item) => !known.has(item._id))]
}
