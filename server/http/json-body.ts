import type { FastifyInstance } from 'fastify'

/**
 * JSON bodies as Fastify parses them (prototype-poisoning checks included), except that an
 * empty body with a JSON content type is simply no body: clients that send the header on a
 * body-less PUT get validated like any other request rather than refused.
 */
export function installJsonParser(app: FastifyInstance) {
  const parseJson = app.getDefaultJsonParser('error', 'ignore')
  app.removeContentTypeParser('application/json')
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (req, body, done) => {
    if (typeof body === 'string' && body.trim() === '') return done(null, undefined)
    parseJson(req, body as string, done)
  })
}
