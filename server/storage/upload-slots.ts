import { HttpError } from '../http/errors'

/**
 * Uploads in progress per user on this server (media and avatars together): past `perUser` at once,
 * another is 429 before its body is read. (Memory, disk and the decode pool are per server, so the
 * count is too.)
 */
export function createUploadSlots(perUser: number) {
  const inProgress = new Map<string, number>()
  return {
    /** Takes a slot for the user (429 when they have none left); answers how to give it back, once. */
    take(userId: string): () => void {
      const count = inProgress.get(userId) ?? 0
      if (count >= perUser) throw new HttpError(429, 'tooManyRequests')
      inProgress.set(userId, count + 1)
      let given = false
      return () => {
        if (given) return
        given = true
        const left = (inProgress.get(userId) ?? 1) - 1
        if (left > 0) inProgress.set(userId, left)
        else inProgress.delete(userId)
      }
    },
  }
}
