// s3rver ships no types; this is the part the tests use (its README's constructor options, run and close).
declare module 's3rver' {
  type Options = {
    address?: string
    /** 0 picks a free port; run() answers the one taken. */
    port?: number
    silent?: boolean
    /** Where buckets and objects are kept. */
    directory: string
    configureBuckets?: { name: string; configs?: (string | Buffer)[] }[]
  }
  export default class S3rver {
    constructor(options: Options)
    run(): Promise<{ address: string; port: number }>
    close(): Promise<void>
  }
}
