import { type MediaItem, withFileLinks } from '../../../contract'
import type { MediaRow } from '../../db/schema'
import type { MediaSigner } from './signing'

/** A media row as the reader sees it: links with a media token signed for that reader. */
export function toMediaItem(row: MediaRow, signer: MediaSigner, readerId: string): MediaItem {
  const file = {
    _id: row.id,
    key: row.key,
    name: row.name,
    mime: row.mime,
    size: row.size,
    kind: row.kind as MediaItem['kind'],
    width: row.width,
    height: row.height,
    has_thumb: row.hasThumb === 1,
  }
  return withFileLinks(file, row.topicId ?? '', signer.tokenFor(readerId))
}
