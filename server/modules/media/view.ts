import { type MediaItem, THUMB_SUFFIX } from '../../../contract'
import type { MediaRow } from '../../db/schema'
import type { MediaSigner } from './signing'

/** A media row as the reader sees it: URLs signed for that reader. */
export function toMediaItem(row: MediaRow, signer: MediaSigner, readerId: string): MediaItem {
  const topicId = row.topicId ?? ''
  return {
    _id: row.id,
    key: row.key,
    name: row.name,
    mime: row.mime,
    size: row.size,
    kind: row.kind as MediaItem['kind'],
    url: signer.url(row.key, topicId, readerId),
    thumb_url: row.hasThumb ? signer.url(`${row.key}${THUMB_SUFFIX}`, topicId, readerId) : null,
    width: row.width,
    height: row.height,
  }
}
