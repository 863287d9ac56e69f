// The part of archiver (the zip writer exceljs itself uses, installed with it) that xlsx-writer.ts calls; the
// package ships no types and @types/archiver is not installed.
declare module 'archiver' {
  import type { Readable, Transform } from 'node:stream';

  interface ArchiverOptions {
    zlib?: { level?: number };
    forceZip64?: boolean;
  }

  interface EntryData {
    name: string;
    date?: Date;
    store?: boolean;
  }

  interface Archiver extends Transform {
    append(source: Readable | Buffer | string, data: EntryData): this;
    finalize(): Promise<void>;
    abort(): this;
    pointer(): number;
  }

  function archiver(format: 'zip', options?: ArchiverOptions): Archiver;
  export = archiver;
}
