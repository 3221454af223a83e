import type { FastifyBaseLogger } from 'fastify'
import type { Redis } from 'ioredis'

/**
 * A Redis outage must not end a node: ioredis reconnects by itself (and resubscribes), commands
 * fail while it is away, and those failures are logged here instead of becoming unhandled
 * rejections.
 */

/** Logs the clients' connection errors (throttled: one line per client per 10 s while it is down) and their recovery. */
export function logRedisErrors(clients: readonly Redis[], log: FastifyBaseLogger, quietMs = 10_000) {
  for (const client of clients) {
    let lastLogged = -Infinity
    let down = false
    client.on('error', (err: Error) => {
      down = true
      const at = Date.now()
      if (at - lastLogged < quietMs) return
      lastLogged = at
      log.error({ err }, 'redis error')
    })
    client.on('ready', () => {
      if (!down) return
      down = false
      lastLogged = -Infinity
      log.info('redis connection is back')
    })
  }
}

/**
 * The client as the socket.io Redis adapter gets it: its `publish` never rejects (the adapter
 * does not catch), a failed publish is logged and this node's own sockets are still served.
 */
export function publishErrorsLogged(client: Redis, log: FastifyBaseLogger, quietMs = 10_000): Redis {
  let lastLogged = -Infinity
  let missed = 0
  const publish = (channel: string | Buffer, message: string | Buffer) =>
    client.publish(channel, message).catch((err: unknown) => {
      missed++
      const at = Date.now()
      if (at - lastLogged >= quietMs) {
        lastLogged = at
        log.warn({ err, missed }, 'redis publish failed: other nodes miss these events')
        missed = 0
      }
      return 0
    })
  return new Proxy(client, {
    get(target, prop) {
      if (prop === 'publish') return publish
      const value: unknown = Reflect.get(target, prop, target)
      // Methods run on the client itself (its state lives there); the constructor stays as it is.
      return typeof value === 'function' && prop !== 'constructor' ? value.bind(target) : value
    },
  })
}
