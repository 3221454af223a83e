import { mkdir } from 'node:fs/promises'
import fastifyStatic from '@fastify/static'
import type { FastifyInstance } from 'fastify'
import { AVATAR_URL_PREFIX } from './avatars'

/** GET /api/media/avatars/<file>: public, and cached for good (every upload gets a new random name). */
export async function installMediaRoutes(app: FastifyInstance, avatarDir: string) {
  await mkdir(avatarDir, { recursive: true })
  await app.register(fastifyStatic, {
    root: avatarDir,
    prefix: AVATAR_URL_PREFIX,
    decorateReply: false,
    index: false,
    dotfiles: 'deny',
    maxAge: '365d',
    immutable: true,
  })
}
