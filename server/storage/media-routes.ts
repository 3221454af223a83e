import type { FastifyInstance } from 'fastify'
import { notFound } from '../http/errors'
import { type AvatarStore, AVATAR_URL_PREFIX } from './avatars'

/** GET /api/media/avatars/<file>: public, and cached for good (every upload gets a new random name). */
export async function installMediaRoutes(app: FastifyInstance, avatars: AvatarStore) {
  app.get<{ Params: { file: string } }>(`${AVATAR_URL_PREFIX}:file`, async (req, reply) => {
    const avatar = await avatars.read(req.params.file)
    if (!avatar) throw notFound()
    return reply
      .header('content-type', 'image/jpeg')
      .header('content-length', avatar.size)
      .header('x-content-type-options', 'nosniff')
      .header('cache-control', 'public, max-age=31536000, immutable')
      .send(avatar.body)
  })
}
