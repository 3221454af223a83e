import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../support/chromium'

/** Chromium with a fake camera and microphone, granted without asking, playing without a gesture: the calls' journeys. */
export const FAKE_MEDIA_LAUNCH = {
  executablePath: CHROMIUM_PATH,
  args: [
    ...CHROMIUM_ARGS,
    '--disable-quic',
    '--use-fake-ui-for-media-stream',
    '--use-fake-device-for-media-stream',
    '--autoplay-policy=no-user-gesture-required',
  ],
}
