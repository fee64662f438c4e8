// s3rver (an S3-compatible server for tests) ships no types: the part tests/support/s3.ts uses.
declare module 's3rver' {
  type Options = { port?: number; address?: string; silent?: boolean; directory: string; configureBuckets?: { name: string }[] };
  export default class S3rver {
    constructor(options: Options);
    run(): Promise<{ address: string; port: number }>;
    close(): Promise<void>;
  }
}
