// The part of unzipper 0.10 (exceljs's own dependency) that xlsx.ts uses: it ships no types.
declare module 'unzipper' {
  import type { Readable } from 'node:stream';
  namespace unzipper {
    interface File {
      path: string;
      stream(): Readable;
      buffer(): Promise<Buffer>;
    }
    interface CentralDirectory {
      files: File[];
    }
    const Open: { buffer(data: Buffer): Promise<CentralDirectory> };
  }
  export default unzipper;
}
