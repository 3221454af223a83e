import { useEffect, useRef } from 'react'
import { toneUrl, type ToneKind } from './call-tone'

export interface ToneAudioProps {
  kind: ToneKind
  playing: boolean
  /** 0..1; the machines hold the volumes (waiting tone 0.2, ringtone 0.5; docs/product-rules.md, calls). */
  volume: number
  loop: boolean
  /** Changing it while playing restarts the tone (the ringtone's 60 s repeat). */
  playKey?: number
}

/** A hidden audio element that plays a call tone while `playing`. */
export function ToneAudio({ kind, playing, volume, loop, playKey = 0 }: ToneAudioProps) {
  const ref = useRef<HTMLAudioElement>(null)
  useEffect(() => {
    const audio = ref.current
    if (!audio) return
    audio.volume = volume
    if (!playing) {
      audio.pause()
      return
    }
    try {
      audio.currentTime = 0
    } catch {
      // not seekable yet: it starts from the beginning anyway
    }
    // Autoplay may be refused until the user interacted with the page; the overlay still shows.
    void Promise.resolve(audio.play()).catch(() => {})
    return () => audio.pause()
  }, [playing, volume, playKey])
  return (
    <audio
      ref={ref}
      src={toneUrl(kind)}
      loop={loop}
      preload="auto"
      aria-hidden="true"
      data-tone={kind}
      data-volume={volume}
      data-playing={playing}
    />
  )
}
