import type { StoredFile } from '../../contract/media'

/** The n-th stored PDF of a channel's "General" group, uploaded by Ann (fields as the server answers them). */
export const storedFile = (n: number, over: Partial<StoredFile> = {}): StoredFile => ({
  _id: `f-${n}`,
  key: `k-${n}`,
  name: `file-${n}.pdf`,
  mime: 'application/pdf',
  size: 1024 * n,
  kind: 'file',
  url: `/api/media/access?media_id=f-${n}`,
  thumb_url: null,
  width: null,
  height: null,
  topic_id: 't-1',
  topic_name: 'General',
  uploader: { _id: 'u-ann', name: 'Ann' },
  created_at: '2026-03-01T09:30:00.000Z',
  trashed_at: null,
  ...over,
})
