/// <reference lib="webworker" />
import { solveProofOfWork } from './proof-of-work'

/** The booking request's proof of work, off the page's main thread: {token, bits} in, {nonce} or {error} out. */
self.onmessage = async (event: MessageEvent<{ token: string; bits: number }>) => {
  try {
    const nonce = await solveProofOfWork(event.data.token, event.data.bits)
    self.postMessage({ nonce })
  } catch (failure) {
    self.postMessage({ error: failure instanceof Error ? failure.message : String(failure) })
  }
}
