import { z } from 'zod'

export const health = z.object({
  status: z.literal('ok'),
  db: z.enum(['pglite', 'postgres']),
  realtime: z.enum(['memory', 'redis']),
})
export type Health = z.infer<typeof health>
