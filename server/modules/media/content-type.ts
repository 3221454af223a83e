import { fileTypeFromBuffer } from 'file-type'
import type { MediaKind } from '../../../contract'

export interface DetectedType {
  mime: string
  ext: string
  kind: MediaKind
}

const IMAGES = new Set(['image/jpeg', 'image/png', 'image/gif', 'image/webp'])
const FILES = new Set([
  'application/pdf',
  'application/zip',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  'application/vnd.oasis.opendocument.text',
  'application/vnd.oasis.opendocument.spreadsheet',
  'audio/mpeg',
  'audio/ogg',
  'audio/wav',
  'audio/x-wav',
  'audio/webm',
  'video/mp4',
  'video/webm',
  'video/ogg',
  'video/quicktime',
])

/** Valid UTF-8 without NUL bytes: plain text (csv, txt, md...). */
function isPlainText(bytes: Buffer): boolean {
  if (bytes.length === 0 || bytes.includes(0)) return false
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(bytes)
    return true
  } catch {
    return false
  }
}

/** What the bytes are, when they are something Workroom stores; null otherwise (executables, unknown binaries). */
export async function detectType(bytes: Buffer): Promise<DetectedType | null> {
  const found = await fileTypeFromBuffer(bytes)
  if (found && IMAGES.has(found.mime)) return { mime: found.mime, ext: found.ext, kind: 'image' }
  if (found && FILES.has(found.mime)) return { mime: found.mime, ext: found.ext, kind: 'file' }
  if (!found && isPlainText(bytes)) return { mime: 'text/plain; charset=utf-8', ext: 'txt', kind: 'file' }
  return null
}
