// The part of `s3rver` (a local S3-compatible server, devDependency) that tests/api/s3-storage.test.ts uses.
declare module 's3rver' {
  import type { AddressInfo } from 'node:net';
  interface S3rverOptions {
    address?: string;
    /** 0: a free port. */
    port?: number;
    silent?: boolean;
    /** Where buckets and objects are kept (kept across a restart on the same directory). */
    directory: string;
  }
  export default class S3rver {
    constructor(options: S3rverOptions);
    run(): Promise<AddressInfo>;
    close(): Promise<void>;
  }
}
