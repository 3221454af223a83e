import type { Config } from '../config'
import { EmbeddedSfu, type IceServer } from './embedded'
import { JanusSfu } from './janus'
import type { Sfu } from './sfu'

export interface SfuSettings {
  /** JANUS_URL and JANUS_API_SECRET (Config.janus). */
  janus: Config['janus']
  /** STUN (and TURN) servers for the embedded SFU's own candidates; Janus takes them from its own configuration. */
  iceServers?: IceServer[]
}

/** Group calls' SFU: Janus when JANUS_URL is set, else the embedded one (a worker thread of this server, started at its first use). */
export function createSfu(settings: SfuSettings): Sfu {
  if (settings.janus.url) return new JanusSfu({ url: settings.janus.url, apiSecret: settings.janus.apiSecret })
  return new EmbeddedSfu({ iceServers: settings.iceServers })
}
