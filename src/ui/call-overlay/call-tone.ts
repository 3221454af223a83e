/**
 * The call tones, synthesised on first use (no audio assets, works offline): an 8 kHz, 8-bit mono
 * WAV as a data URL.
 *
 * - waiting: the caller's ringback, 440 + 480 Hz for 2 s, then 4 s of silence (looped).
 * - ringtone: the callee's ring, two 0.4 s bursts of 400 + 450 Hz, then silence (replayed every 60 s).
 */
export type ToneKind = 'waiting' | 'ringtone'

const SAMPLE_RATE = 8000

interface Segment {
  seconds: number
  /** Frequencies mixed in this segment; none is silence. */
  hz: readonly number[]
}

const PATTERNS: Record<ToneKind, readonly Segment[]> = {
  waiting: [
    { seconds: 2, hz: [440, 480] },
    { seconds: 4, hz: [] },
  ],
  ringtone: [
    { seconds: 0.4, hz: [400, 450] },
    { seconds: 0.2, hz: [] },
    { seconds: 0.4, hz: [400, 450] },
    { seconds: 2, hz: [] },
  ],
}

function samplesOf(pattern: readonly Segment[]): Uint8Array {
  const total = pattern.reduce((sum, segment) => sum + Math.round(segment.seconds * SAMPLE_RATE), 0)
  const samples = new Uint8Array(total)
  let offset = 0
  for (const segment of pattern) {
    const count = Math.round(segment.seconds * SAMPLE_RATE)
    for (let i = 0; i < count; i++) {
      const t = i / SAMPLE_RATE
      const mixed = segment.hz.reduce((sum, hz) => sum + Math.sin(2 * Math.PI * hz * t), 0) / Math.max(1, segment.hz.length)
      samples[offset + i] = 128 + Math.round(mixed * 100)
    }
    offset += count
  }
  return samples
}

function wav(samples: Uint8Array): Uint8Array {
  const bytes = new Uint8Array(44 + samples.length)
  const view = new DataView(bytes.buffer)
  const ascii = (at: number, text: string) => [...text].forEach((char, i) => view.setUint8(at + i, char.charCodeAt(0)))
  ascii(0, 'RIFF')
  view.setUint32(4, 36 + samples.length, true)
  ascii(8, 'WAVE')
  ascii(12, 'fmt ')
  view.setUint32(16, 16, true)
  view.setUint16(20, 1, true) // PCM
  view.setUint16(22, 1, true) // mono
  view.setUint32(24, SAMPLE_RATE, true)
  view.setUint32(28, SAMPLE_RATE, true) // byte rate
  view.setUint16(32, 1, true) // block align
  view.setUint16(34, 8, true) // bits per sample
  ascii(36, 'data')
  view.setUint32(40, samples.length, true)
  bytes.set(samples, 44)
  return bytes
}

const cache = new Map<ToneKind, string>()

/** The tone as a `data:audio/wav` URL (built once per kind). */
export function toneUrl(kind: ToneKind): string {
  let url = cache.get(kind)
  if (!url) {
    const bytes = wav(samplesOf(PATTERNS[kind]))
    let binary = ''
    for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000))
    url = `data:audio/wav;base64,${btoa(binary)}`
    cache.set(kind, url)
  }
  return url
}
