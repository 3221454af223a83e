import type { TrustProxy } from '../config'

/**
 * Fastify's trustProxy for the setting. A hop count trusts exactly that many proxies in front: the
 * client is the address the outermost of them appended to X-Forwarded-For, whatever the client wrote
 * to its left. (Fastify 5 reads a bare number as "trust none".) With a hop count the server must be
 * reachable only through the proxies; a list of their addresses also checks the peer.
 */
export function trustProxyOption(setting: TrustProxy): false | string[] | ((address: string, hop: number) => boolean) {
  if (typeof setting === 'number') return setting > 0 ? (_address, hop) => hop < setting : false
  return setting
}
