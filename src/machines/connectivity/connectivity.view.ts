import type { ConnectivityState } from './connectivity.chart'

export interface OfflineNoticeView {
  visible: boolean
}

export const offlineNoticeView = (state: ConnectivityState): OfflineNoticeView => ({ visible: state === 'offline' })
