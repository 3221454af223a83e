import { mkdtemp, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { GetObjectCommand, ListObjectsV2Command, PutObjectCommand, S3Client } from '@aws-sdk/client-s3'
import S3rver from 's3rver'
import type { S3Settings } from '../../server/config'

/** s3rver's fixed key pair (it checks request signatures against it). */
const KEY = 'S3RVER'

export interface TestS3 {
  /** The server settings of its bucket (as S3_* would give them). */
  settings: S3Settings
  /** Every key in the bucket, sorted: read by a client of the test's own, not through the server's store. */
  keys(): Promise<string[]>
  /** The bytes of an object, read the same way. */
  bytes(key: string): Promise<Buffer>
  /** Writes an object straight into the bucket (as a crashed upload would leave it). */
  put(key: string, body: Buffer): Promise<void>
  stop(): Promise<void>
}

/** A local S3-compatible server (s3rver) on a random port, its objects in a temp dir, with one empty bucket. */
export async function startTestS3(bucket = 'workroom-media'): Promise<TestS3> {
  const directory = await mkdtemp(path.join(os.tmpdir(), 'workroom-s3-'))
  const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory, configureBuckets: [{ name: bucket, configs: [] }] })
  const { port } = await server.run()
  const endpoint = `http://127.0.0.1:${port}`
  const client = new S3Client({
    region: 'us-east-1',
    endpoint,
    forcePathStyle: true,
    credentials: { accessKeyId: KEY, secretAccessKey: KEY },
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  })
  return {
    settings: {
      bucket,
      region: 'us-east-1',
      endpoint,
      accessKeyId: KEY,
      secretAccessKey: KEY,
      forcePathStyle: true,
      presignedReads: false,
    },
    async keys() {
      const keys: string[] = []
      let ContinuationToken: string | undefined
      do {
        const page = await client.send(new ListObjectsV2Command({ Bucket: bucket, ContinuationToken }))
        keys.push(...(page.Contents ?? []).map((c) => c.Key!))
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined
      } while (ContinuationToken)
      return keys.sort()
    },
    async bytes(key) {
      const out = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key }))
      return Buffer.from(await out.Body!.transformToByteArray())
    },
    async put(key, body) {
      await client.send(new PutObjectCommand({ Bucket: bucket, Key: key, Body: body }))
    },
    async stop() {
      client.destroy()
      await server.close()
      await rm(directory, { recursive: true, force: true })
    },
  }
}
