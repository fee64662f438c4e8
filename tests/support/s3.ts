// An S3-compatible store on loopback for the photo tests: s3rver (from npm), in the
// test's own process, keeping its objects in a temporary folder; the AWS_* variables
// a server needs to reach it, and what it holds, read through the S3 API.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';

export type S3Server = {
  bucket: string;
  /** What a server (or this process) needs in its environment to store photos there, under `prefix`. */
  environment: (prefix: string) => Record<string, string>;
  /** The keys of the objects under `prefix`. */
  objectKeys: (prefix: string) => Promise<string[]>;
  /** Stops the server (once; again does nothing). */
  stop: () => Promise<void>;
};

const CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

export async function startS3Server(bucket = 'petstore-photos'): Promise<S3Server> {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'petstore-s3rver-'));
  const server = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory, configureBuckets: [{ name: bucket }] });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  const client = new S3Client({ endpoint, region: 'us-east-1', forcePathStyle: true, credentials: CREDENTIALS });
  let isStopped = false;
  return {
    bucket,
    environment: (prefix) => ({
      PHOTO_STORE_URL: `s3://${bucket}/${prefix}`,
      AWS_ENDPOINT_URL: endpoint,
      AWS_REGION: 'us-east-1',
      AWS_ACCESS_KEY_ID: CREDENTIALS.accessKeyId,
      AWS_SECRET_ACCESS_KEY: CREDENTIALS.secretAccessKey,
    }),
    objectKeys: async (prefix) => {
      const keys: string[] = [];
      let token: string | undefined;
      do {
        const page = await client.send(new ListObjectsV2Command({ Bucket: bucket, Prefix: `${prefix}/`, ContinuationToken: token }));
        keys.push(...(page.Contents ?? []).map((object) => object.Key!));
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
      return keys.sort();
    },
    stop: async () => {
      if (isStopped) return;
      isStopped = true;
      client.destroy();
      await server.close();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}
