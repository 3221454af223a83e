import { describe, expect, it } from 'vitest'
import { fileSize } from '../../../src/ui/file-size'

describe('fileSize', () => {
  it('nothing is 0 KB; any byte is at least 1 KB', () => {
    expect(fileSize(0)).toBe('0 KB')
    expect(fileSize(1)).toBe('1 KB')
    expect(fileSize(1536)).toBe('2 KB')
  })
  it('megabytes and gigabytes with one decimal', () => {
    expect(fileSize(300 * 1024 * 1024)).toBe('300.0 MB')
    expect(fileSize(1024 ** 3)).toBe('1.0 GB')
  })
})
