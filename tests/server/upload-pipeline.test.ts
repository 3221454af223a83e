import { mkdtemp, readdir, rm, stat, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { Readable } from 'node:stream'
import { crc32 } from 'node:zlib'
import { fileTypeFromBuffer } from 'file-type'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createUploadPipeline, imageToJpeg, type UploadPipeline, type UploadStream } from '../../server/storage/upload-pipeline'

let dir: string
let uploads: UploadPipeline
beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'workroom-uploads-'))
  uploads = createUploadPipeline(dir)
})
afterAll(() => rm(dir, { recursive: true, force: true }))

/** The bytes as a stream of `size`-byte chunks (a multi-byte character may straddle two). */
const chunked = (bytes: Buffer, size = 7): UploadStream =>
  Readable.from(Array.from({ length: Math.ceil(bytes.length / size) }, (_, i) => bytes.subarray(i * size, (i + 1) * size)))

/** A zip with stored (uncompressed) entries, in order. */
function zip(entries: [string, Buffer][]): Buffer {
  const locals: Buffer[] = []
  const central: Buffer[] = []
  let offset = 0
  for (const [name, data] of entries) {
    const nameBytes = Buffer.from(name)
    const crc = crc32(data)
    const local = Buffer.alloc(30)
    local.writeUInt32LE(0x04034b50, 0)
    local.writeUInt16LE(20, 4)
    local.writeUInt32LE(crc, 14)
    local.writeUInt32LE(data.length, 18)
    local.writeUInt32LE(data.length, 22)
    local.writeUInt16LE(nameBytes.length, 26)
    const head = Buffer.alloc(46)
    head.writeUInt32LE(0x02014b50, 0)
    head.writeUInt16LE(20, 4)
    head.writeUInt16LE(20, 6)
    head.writeUInt32LE(crc, 16)
    head.writeUInt32LE(data.length, 20)
    head.writeUInt32LE(data.length, 24)
    head.writeUInt16LE(nameBytes.length, 28)
    head.writeUInt32LE(offset, 42)
    locals.push(local, nameBytes, data)
    central.push(head, nameBytes)
    offset += local.length + nameBytes.length + data.length
  }
  const dirBytes = Buffer.concat(central)
  const end = Buffer.alloc(22)
  end.writeUInt32LE(0x06054b50, 0)
  end.writeUInt16LE(entries.length, 8)
  end.writeUInt16LE(entries.length, 10)
  end.writeUInt32LE(dirBytes.length, 12)
  end.writeUInt32LE(offset, 16)
  return Buffer.concat([...locals, dirBytes, end])
}

/** The rule uploads followed when they were read into memory whole: file-type on the buffer, else UTF-8 text without NUL. */
async function wholeBufferType(bytes: Buffer): Promise<string | null> {
  const found = await fileTypeFromBuffer(bytes)
  if (found) return found.mime
  if (bytes.length === 0 || bytes.includes(0)) return null
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(bytes)
    return 'text/plain; charset=utf-8'
  } catch {
    return null
  }
}

describe('upload pipeline', () => {
  it('sniffs each sample as reading the whole file in memory did, streamed in small chunks', async () => {
    const docx = zip([
      ['padding.bin', Buffer.alloc(20_000, 1)],
      [
        '[Content_Types].xml',
        Buffer.from(
          '<Types><Override ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>',
        ),
      ],
      ['word/document.xml', Buffer.from('<w:document/>')],
    ])
    const samples: [string, Buffer, string | null][] = [
      [
        'png',
        await sharp({ create: { width: 4, height: 4, channels: 3, background: '#f00' } })
          .png()
          .toBuffer(),
        'image/png',
      ],
      [
        'jpeg',
        await sharp({ create: { width: 4, height: 4, channels: 3, background: '#0f0' } })
          .jpeg()
          .toBuffer(),
        'image/jpeg',
      ],
      [
        'webp',
        await sharp({ create: { width: 4, height: 4, channels: 3, background: '#00f' } })
          .webp()
          .toBuffer(),
        'image/webp',
      ],
      ['docx behind 20 kB of another entry', docx, 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'],
      ['plain zip', zip([['a.txt', Buffer.from('a')]]), 'application/zip'],
      ['utf-8 text, characters split across chunks', Buffer.from('Xin chào, Đức! ✓ 日本語 '.repeat(300)), 'text/plain; charset=utf-8'],
      ['text with a NUL byte', Buffer.from('abc\0def'), null],
      ['text cut in the middle of a character', Buffer.from('chào').subarray(0, 3), null],
      ['latin-1 bytes', Buffer.from('caf\xe9', 'latin1'), null],
      ['empty', Buffer.alloc(0), null],
    ]
    for (const [label, bytes, mime] of samples) {
      const received = await uploads.receive(`${label}.bin`, chunked(bytes))
      expect(received.type?.mime ?? null, label).toBe(mime)
      expect(mime, `${label}: the in-memory rule`).toBe(await wholeBufferType(bytes))
      expect(received.size, label).toBe(bytes.length)
      expect((await stat(received.path)).size, label).toBe(bytes.length)
    }
  })

  it('knows a type media does not take (an executable) and says so with kind null', async () => {
    const exe = Buffer.concat([Buffer.from('MZ\x90\x00\x03\x00\x00\x00', 'latin1'), Buffer.alloc(2048, 7)])
    const received = await uploads.receive('cat.png', chunked(exe, 512))
    expect(received.type?.kind ?? null).toBeNull()
    const png = await uploads.receive(
      'a.png',
      chunked(
        await sharp({ create: { width: 2, height: 2, channels: 3, background: '#000' } })
          .png()
          .toBuffer(),
      ),
    )
    expect(png.type?.kind).toBe('image')
  })

  it('a file over the size limit is 413 and leaves nothing behind', async () => {
    const before = await readdir(dir)
    const stream = chunked(Buffer.alloc(100, 65)) as UploadStream
    stream.truncated = true
    await expect(uploads.receive('big.txt', stream)).rejects.toMatchObject({ statusCode: 413, key: 'fileTooLarge' })
    expect(await readdir(dir)).toEqual(before)
  })

  it('a stream that fails half-way (the client left) leaves nothing behind', async () => {
    const before = await readdir(dir)
    const failing = Readable.from(
      (async function* () {
        yield Buffer.from('half of it')
        throw new Error('client left')
      })(),
    )
    await expect(uploads.receive('a.txt', failing)).rejects.toThrow('client left')
    expect(await readdir(dir)).toEqual(before)
  })

  it('decodes at most one image per core (libuv pool less one), one user at most one fewer, however many are asked for at once', async () => {
    const photo = path.join(dir, 'noise.png')
    await writeFile(
      photo,
      await sharp(Buffer.from(Array.from({ length: 1500 * 1500 * 3 }, (_, i) => (i * 7919) % 251)), {
        raw: { width: 1500, height: 1500, channels: 3 },
      })
        .png()
        .toBuffer(),
    )
    // The pool's size, as the finding's fix asks: the cores, but leaving one of libuv's 4 threads for file I/O.
    const workers = Math.max(1, Math.min(os.availableParallelism(), 3))
    const thumb = (owner: string) => imageToJpeg(photo, { width: 320, height: 320, fit: 'inside', quality: 80 }, owner)
    const mostAtOnce = async (owners: string[]) => {
      let most = 0
      const watch = setInterval(() => (most = Math.max(most, sharp.counters().process)), 1)
      try {
        const made = await Promise.all(owners.map(thumb))
        expect(made.every((out) => out?.width === 1500)).toBe(true)
      } finally {
        clearInterval(watch)
      }
      return most
    }
    // One user's three: never every worker when there are two or more.
    expect(await mostAtOnce(['u1', 'u1', 'u1'])).toBe(Math.max(1, workers - 1))
    // Three users' three each: the whole pool, never more.
    expect(await mostAtOnce(['u1', 'u2', 'u3', 'u1', 'u2', 'u3', 'u1', 'u2', 'u3'])).toBe(workers)
    // A fourth queued decode of one user is 429 at once.
    const four = await Promise.allSettled(['u1', 'u1', 'u1', 'u1'].map(thumb))
    expect(four.map((r) => (r.status === 'rejected' ? (r.reason as { statusCode: number }).statusCode : 'done'))).toEqual([
      'done',
      'done',
      'done',
      429,
    ])
  })
})
