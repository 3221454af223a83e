import { describe, expect, it } from 'vitest'
import { createActor, fromCallback, fromPromise } from 'xstate'
import type { Member } from '../../../contract/channel'
import type { Message } from '../../../contract/message'
import { composerMachine, mentionQuery, suggestionsOf, type ComposerEmitted, type ComposerInput } from '../../../src/machines/composer'
import { provideUploads } from '../../../src/machines/upload'
import type { TransferCommand, TransferEvent } from '../../../src/machines/upload'

/** The @mention rules, what a send and an edit carry, and when sending is allowed, beside what the generated paths reach. */

const member = (_id: string, name: string): Member => ({ _id, name, workid: _id, photo_url: null, role: 20 })
const ME = member('u-me', 'Me Myself')
const ANN = member('u-ann', 'Ann Tran')
const ANNA = member('u-anna', 'Anna Le')
const BAO = member('u-bao', 'Bao')

function start(input: Partial<ComposerInput> = {}) {
  /** Each file's transfer, by file name: what it reports and the commands it got; and the finished uploads dropped. */
  const transfers = new Map<string, { report: (event: TransferEvent) => void; received: TransferCommand[] }>()
  const dropped: string[] = []
  const actor = createActor(
    composerMachine.provide({
      actors: {
        upload: provideUploads({
          transfer: fromCallback<TransferCommand, { file: File; topicId: string }>(({ input, sendBack, receive }) => {
            const entry = { report: (event: TransferEvent) => sendBack(event), received: [] as TransferCommand[] }
            transfers.set(input.file.name, entry)
            receive((command) => entry.received.push(command))
          }),
          dropUpload: fromPromise<unknown, { mediaId: string }>(async ({ input }) => dropped.push(input.mediaId)),
        }),
      },
    }),
    { input: { topicId: 't-1', meId: ME._id, members: [ME, ANN, ANNA, BAO], canSend: true, draft: '', ...input } },
  ).start()
  const emitted: ComposerEmitted[] = []
  actor.on('*', (event) => emitted.push(event))
  const type = (text: string, caret = text.length) => actor.send({ type: 'DRAFT', text, caret })
  const finish = (name: string, mediaId: string) => transfers.get(name)!.report({ type: 'UPLOADED', mediaId })
  return { actor, transfers, dropped, emitted, type, finish, context: () => actor.getSnapshot().context }
}

const file = (name: string) => new File(['x'], name, { type: 'text/plain' })
const message = (id: string, text: string) => ({ _id: id, message: text }) as Message

describe('composer: mentions', () => {
  it('finds the @word that ends at the caret, after a space or at the start only', () => {
    expect(mentionQuery('@An', 3)).toEqual({ start: 0, query: 'an' })
    expect(mentionQuery('hi @Bao', 7)).toEqual({ start: 3, query: 'bao' })
    expect(mentionQuery('hi @Bao and more', 7)).toEqual({ start: 3, query: 'bao' })
    expect(mentionQuery('hi @Bao and more', 16)).toBeNull()
    expect(mentionQuery('mail@host', 9)).toBeNull()
    expect(mentionQuery('@', 1)).toEqual({ start: 0, query: '' })
  })

  it('suggests members whose name holds the word, never the user, at most six, and none without an @word', () => {
    const members = [ME, ANN, ANNA, BAO]
    expect(suggestionsOf({ draft: 'hi @an', caret: 6, members, meId: ME._id }).map((m) => m._id)).toEqual(['u-ann', 'u-anna'])
    expect(suggestionsOf({ draft: 'hi @me', caret: 6, members, meId: ME._id })).toEqual([])
    expect(suggestionsOf({ draft: 'hi an', caret: 5, members, meId: ME._id })).toEqual([])
    const many = Array.from({ length: 9 }, (_, i) => member(`u-${i}`, `Linh ${i}`))
    expect(suggestionsOf({ draft: '@linh', caret: 5, members: many, meId: ME._id })).toHaveLength(6)
  })

  it('replaces the @word by the picked name once, and sends only the mentions still in the text', () => {
    const { actor, type, emitted, context } = start()
    type('hi @an')
    actor.send({ type: 'PICK_MENTION', member: ANN })
    expect(context()).toMatchObject({ draft: 'hi @Ann Tran ', caret: 13 })
    type(`${context().draft}and @an`)
    actor.send({ type: 'PICK_MENTION', member: ANN })
    type(`${context().draft}@bao`)
    actor.send({ type: 'ENTER' })
    expect(context().draft).toBe('hi @Ann Tran and @Ann Tran @Bao ')
    expect(context().mentioned.map((m) => m._id)).toEqual(['u-ann', 'u-bao'])
    type('hi @Ann Tran, see you')
    actor.send({ type: 'PICK_MENTION', member: ANNA })
    expect(context().draft).toBe('hi @Ann Tran, see you')
    actor.send({ type: 'SUBMIT' })
    expect(emitted).toEqual([
      {
        type: 'send',
        message: { topic_id: 't-1', message: 'hi @Ann Tran, see you', reply_to: undefined, media_ids: [], mentions: ['u-ann'] },
      },
    ])
  })
})

describe('composer: sending', () => {
  it('sends the trimmed text with the reply, and an edit with the message id and trimmed text', () => {
    const { actor, type, emitted, context } = start()
    actor.send({ type: 'REPLY', message: message('m-1', 'question') })
    type('  answer  ')
    actor.send({ type: 'SUBMIT' })
    actor.send({ type: 'EDIT', message: message('m-2', 'old') })
    expect(context()).toMatchObject({ draft: 'old', caret: 3 })
    type('  new text ')
    actor.send({ type: 'SUBMIT' })
    expect(emitted).toEqual([
      { type: 'send', message: { topic_id: 't-1', message: 'answer', reply_to: 'm-1', media_ids: [], mentions: [] } },
      { type: 'edit', messageId: 'm-2', text: 'new text' },
    ])
  })

  it('does not send blank text, nor while a file uploads, nor when the chat does not let the user send', () => {
    const muted = start({ canSend: false })
    muted.type('hello')
    muted.actor.send({ type: 'SUBMIT' })
    expect(muted.emitted).toEqual([])

    const { actor, type, emitted, finish } = start()
    type('   ')
    actor.send({ type: 'SUBMIT' })
    expect(emitted).toEqual([])
    actor.send({ type: 'ATTACH', files: [file('a.txt')] })
    type('with a file')
    actor.send({ type: 'SUBMIT' })
    expect(emitted).toEqual([])
    finish('a.txt', 'media-1')
    type('')
    actor.send({ type: 'SUBMIT' })
    expect(emitted).toEqual([
      { type: 'send', message: { topic_id: 't-1', message: '', reply_to: undefined, media_ids: ['media-1'], mentions: [] } },
    ])
  })

  it('numbers attachments in order, sends only finished files, and ignores updates and removals of unknown ones', () => {
    const { actor, transfers, dropped, emitted, finish, type, context } = start()
    actor.send({ type: 'ATTACH', files: [file('a.txt'), file('b.txt')] })
    actor.send({ type: 'ATTACH', files: [file('c.txt')] })
    expect(context().attachments.map((a) => [a.id, a.name, a.status])).toEqual([
      ['attachment-1', 'a.txt', 'uploading'],
      ['attachment-2', 'b.txt', 'uploading'],
      ['attachment-3', 'c.txt', 'uploading'],
    ])
    actor.send({ type: 'UPLOAD_UPDATE', id: 'attachment-9', status: 'done', percent: 100, mediaId: 'media-9', error: null })
    actor.send({ type: 'REMOVE_ATTACHMENT', id: 'attachment-9' })
    expect(context().attachments).toHaveLength(3)
    actor.send({ type: 'REMOVE_ATTACHMENT', id: 'attachment-2' })
    expect(transfers.get('b.txt')!.received).toEqual([{ type: 'ABORT' }])
    expect(transfers.get('a.txt')!.received).toEqual([])
    expect(context().attachments.map((a) => a.id)).toEqual(['attachment-1', 'attachment-3'])
    finish('a.txt', 'media-1')
    transfers.get('c.txt')!.report({ type: 'PROGRESS', percent: 40 })
    expect(context().attachments[1]).toMatchObject({ status: 'uploading', percent: 40 })
    transfers.get('c.txt')!.report({ type: 'UPLOAD_FAILED', reason: 'Too large' })
    expect(context().attachments).toEqual([
      { id: 'attachment-1', name: 'a.txt', status: 'done', percent: 100, mediaId: 'media-1', error: null },
      { id: 'attachment-3', name: 'c.txt', status: 'failed', percent: 40, mediaId: null, error: 'Too large' },
    ])
    type('files')
    actor.send({ type: 'SUBMIT' })
    expect(emitted).toEqual([
      { type: 'send', message: { topic_id: 't-1', message: 'files', reply_to: undefined, media_ids: ['media-1'], mentions: [] } },
    ])
    expect(context().attachments).toEqual([])
    // Sent: the file belongs to the message, so it is not dropped.
    expect(dropped).toEqual([])
  })
})
