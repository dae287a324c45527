// The little of s3rver (an S3-compatible server, tests only) that s3-storage.test.ts uses; the
// package ships no types.
declare module 's3rver' {
  import type { AddressInfo } from 'node:net';

  export default class S3rver {
    constructor(options: {
      address?: string;
      port?: number;
      silent?: boolean;
      directory?: string;
      configureBuckets?: Array<{ name: string; configs: string[] }>;
    });
    run(): Promise<AddressInfo>;
    close(): Promise<void>;
    httpServer?: { closeAllConnections(): void };
  }
}
