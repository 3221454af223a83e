import { useEffect, useRef, type ReactNode } from 'react'
import { Popover, PopoverButton, PopoverPanel } from '@headlessui/react'
import { Trans, useLingui } from '@lingui/react/macro'
import type { CallRoomProps, DeviceChoice, RoomTile } from '../../machines/call-room'
import { Avatar } from '../avatar'
import { Icon, type IconName } from '../icons'

/** What a tile plays: the runtime's streams, and the bytes a remote participant's media brought. */
export interface RoomMediaProps {
  local: MediaStream | null
  remote: ReadonlyMap<string, { stream: MediaStream | null; bytesReceived: number }>
}

export interface RoomViewProps extends CallRoomProps {
  media: RoomMediaProps
  /** The browser can share a screen (getDisplayMedia). */
  canShareScreen: boolean
  /** The call's chat, shown beside the tiles while open (its topic's conversation, or a link to it). */
  chatPanel?: ReactNode
}

const control =
  'inline-flex h-12 w-12 shrink-0 items-center justify-center rounded-full focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white disabled:opacity-50'
const controlTone = (on: boolean) => (on ? 'bg-slate-700 text-white hover:bg-slate-600' : 'bg-white text-slate-900 hover:bg-slate-200')

/**
 * The room, full screen above the app: a tile per participant (video when it is on, else the
 * avatar; the name, a muted microphone, a ring while they speak), the controls (mute, camera,
 * screen sharing, devices, the chat, leave) and the call's chat beside it when open.
 */
export function RoomView(props: RoomViewProps) {
  const { t } = useLingui()
  const { phase, title, tiles, media, chat, chatPanel } = props
  const heading = title || t`Call`
  return (
    <section aria-label={t`Call: ${heading}`} className="fixed inset-0 z-[60] flex flex-col bg-slate-950 text-white">
      <header className="flex min-h-14 items-center gap-2 border-b border-white/10 px-3 py-2">
        <h1 className="min-w-0 flex-1 truncate text-base font-semibold">{heading}</h1>
        <p role="status" className="text-sm text-slate-300">
          {phase === 'joining' ? (
            <Trans>Joining…</Trans>
          ) : phase === 'reconnecting' ? (
            <Trans>Reconnecting…</Trans>
          ) : phase === 'leaving' ? (
            <Trans>Leaving…</Trans>
          ) : phase === 'live' ? (
            <Trans>Connected</Trans>
          ) : null}
        </p>
      </header>
      <div className="flex min-h-0 flex-1">
        <div className="min-h-0 flex-1 overflow-y-auto p-2 sm:p-3">
          {phase === 'failed' ? (
            <Failed {...props} />
          ) : phase === 'ended' ? (
            <Ended onBack={props.onBack} />
          ) : (
            <ul aria-label={t`Participants`} className={`grid h-full gap-2 sm:gap-3 ${gridOf(tiles.length)}`}>
              {tiles.map((tile) => (
                <Tile
                  key={tile.id}
                  tile={tile}
                  stream={tile.self ? media.local : (media.remote.get(tile.id)?.stream ?? null)}
                  bytesReceived={tile.self ? null : (media.remote.get(tile.id)?.bytesReceived ?? 0)}
                />
              ))}
            </ul>
          )}
        </div>
        {chat?.open ? (
          <aside
            aria-label={t`Call chat`}
            className="absolute inset-x-0 bottom-20 top-14 z-10 flex flex-col bg-white text-slate-900 md:static md:w-96 md:border-l md:border-white/10"
          >
            {chatPanel}
          </aside>
        ) : null}
      </div>
      {phase === 'live' || phase === 'reconnecting' ? <Controls {...props} /> : null}
    </section>
  )
}

const gridOf = (count: number) =>
  count <= 1 ? 'grid-cols-1' : count === 2 ? 'grid-cols-1 grid-rows-2 md:grid-cols-2 md:grid-rows-1' : 'grid-cols-2 lg:grid-cols-3'

function Tile({ tile, stream, bytesReceived }: { tile: RoomTile; stream: MediaStream | null; bytesReceived: number | null }) {
  const { t } = useLingui()
  const ref = useRef<HTMLVideoElement>(null)
  useEffect(() => {
    const video = ref.current
    if (!video || video.srcObject === stream) return
    video.srcObject = stream
    if (stream) void video.play().catch(() => {})
  }, [stream])
  const name = tile.self ? t`${tile.name} (you)` : tile.name
  return (
    <li
      aria-label={name}
      data-participant={tile.id}
      data-speaking={tile.speaking}
      className={`relative flex min-h-40 items-center justify-center overflow-hidden rounded-xl bg-slate-800 ${
        tile.speaking ? 'ring-4 ring-emerald-400' : ''
      }`}
    >
      {/* The remote tile's video element also plays their sound, so it stays mounted when their camera is off. */}
      <video
        ref={ref}
        autoPlay
        playsInline
        muted={tile.self}
        aria-label={tile.screen ? t`${tile.name}'s screen` : t`${tile.name}'s video`}
        data-bytes-received={bytesReceived ?? undefined}
        className={tile.video && stream ? `h-full w-full object-contain ${tile.self && !tile.screen ? '-scale-x-100' : ''}` : 'hidden'}
      />
      {tile.video && stream ? null : <Avatar photoUrl={tile.photoUrl} initials={tile.initials} size={64} />}
      <p className="absolute bottom-2 left-2 flex max-w-[calc(100%-1rem)] items-center gap-1 rounded-md bg-black/60 px-2 py-1 text-sm">
        {tile.audio ? null : (
          <span title={t`Muted`}>
            <Icon name="mic-off" className="h-4 w-4 shrink-0 text-rose-300" />
            <span className="sr-only">
              <Trans>Muted</Trans>
            </span>
          </span>
        )}
        <span className="truncate">{name}</span>
        {tile.speaking ? (
          <span className="sr-only">
            <Trans>Speaking</Trans>
          </span>
        ) : null}
        {tile.screen ? (
          <span className="text-xs text-slate-300">
            <Trans>Sharing the screen</Trans>
          </span>
        ) : null}
      </p>
    </li>
  )
}

function ToggleButton({
  on,
  icon,
  offIcon,
  label,
  disabled,
  onClick,
}: {
  on: boolean
  icon: IconName
  offIcon: IconName
  label: string
  disabled: boolean
  onClick: () => void
}) {
  return (
    <button
      type="button"
      aria-label={label}
      aria-pressed={on}
      disabled={disabled}
      onClick={onClick}
      className={`${control} ${controlTone(on)}`}
    >
      <Icon name={on ? icon : offIcon} />
    </button>
  )
}

function Controls({
  audio,
  camera,
  screen,
  screenAsked,
  canControl,
  canShareScreen,
  devices,
  chat,
  onToggleAudio,
  onToggleCamera,
  onToggleScreen,
  onLeave,
}: RoomViewProps) {
  const { t } = useLingui()
  return (
    <footer
      role="group"
      aria-label={t`Call controls`}
      className="flex flex-wrap items-center justify-center gap-2 border-t border-white/10 px-2 py-3 sm:gap-3"
    >
      <ToggleButton on={audio} icon="mic" offIcon="mic-off" label={t`Microphone`} disabled={!canControl} onClick={onToggleAudio} />
      <ToggleButton on={camera} icon="video" offIcon="video-off" label={t`Camera`} disabled={!canControl} onClick={onToggleCamera} />
      {canShareScreen ? (
        <ToggleButton
          on={screen}
          icon="screen"
          offIcon="screen"
          label={t`Share your screen`}
          disabled={!canControl || screenAsked}
          onClick={onToggleScreen}
        />
      ) : null}
      <Devices audio={devices.audio} video={devices.video} />
      {chat ? (
        <ToggleButton on={chat.open} icon="chat" offIcon="chat" label={t`Call chat`} disabled={false} onClick={chat.onToggle} />
      ) : null}
      <button
        type="button"
        onClick={onLeave}
        disabled={!canControl}
        className={`${control} w-auto gap-2 bg-rose-600 px-4 font-semibold text-white hover:bg-rose-500`}
      >
        <Icon name="phone-off" />
        <Trans>Leave</Trans>
      </button>
    </footer>
  )
}

function Devices({ audio, video }: { audio: DeviceChoice; video: DeviceChoice }) {
  const { t } = useLingui()
  if (audio.options.length === 0 && video.options.length === 0) return null
  return (
    <Popover className="relative">
      <PopoverButton aria-label={t`Devices`} className={`${control} ${controlTone(true)}`}>
        <Icon name="settings" />
      </PopoverButton>
      <PopoverPanel
        anchor="top"
        className="z-[80] w-72 max-w-[calc(100vw-1rem)] space-y-3 rounded-lg bg-white p-3 text-sm text-slate-900 shadow-xl [--anchor-gap:8px]"
      >
        <DeviceSelect choice={audio} label={t`Microphone`} />
        <DeviceSelect choice={video} label={t`Camera`} />
      </PopoverPanel>
    </Popover>
  )
}

function DeviceSelect({ choice, label }: { choice: DeviceChoice; label: string }) {
  if (choice.options.length === 0) return null
  return (
    <label className="block">
      <span className="mb-1 block font-medium">{label}</span>
      <select
        value={choice.selected ?? ''}
        onChange={(event) => choice.onChoose(event.target.value)}
        className="w-full rounded-md border border-slate-300 px-2 py-1.5"
      >
        {choice.options.map((device) => (
          <option key={device.deviceId} value={device.deviceId}>
            {device.label}
          </option>
        ))}
      </select>
    </label>
  )
}

function Failed({ error, onRetry, onBack }: RoomViewProps) {
  return (
    <div role="alert" className="mx-auto mt-16 max-w-sm space-y-4 text-center">
      <p className="text-lg font-semibold">
        <Trans>Could not join the call</Trans>
      </p>
      {error ? <p className="text-sm text-slate-300">{error}</p> : null}
      <div className="flex justify-center gap-3">
        <button type="button" onClick={onRetry} className="rounded-md bg-white px-4 py-2 font-semibold text-slate-900 hover:bg-slate-200">
          <Trans>Try again</Trans>
        </button>
        <button type="button" onClick={onBack} className="rounded-md border border-white/40 px-4 py-2 font-semibold hover:bg-white/10">
          <Trans>Back to the chat</Trans>
        </button>
      </div>
    </div>
  )
}

function Ended({ onBack }: { onBack: () => void }) {
  return (
    <div className="mx-auto mt-16 max-w-sm space-y-4 text-center">
      <p className="text-lg font-semibold">
        <Trans>The call ended</Trans>
      </p>
      <button type="button" onClick={onBack} className="rounded-md bg-white px-4 py-2 font-semibold text-slate-900 hover:bg-slate-200">
        <Trans>Back to the chat</Trans>
      </button>
    </div>
  )
}
