import { PassThrough } from 'node:stream';
import { Zip, ZipDeflate } from 'fflate';

/** One text entry of a ZipAnswer: its text pushed in pieces, then ended. */
export interface ZipTextEntry {
  text(value: string): void;
  end(): void;
}

/**
 * A zip answered while it is written (table exports, the trials ISA-Tab): entries of text deflated at level 6
 * one after another into `stream`, which the route sends. The writer waits for a slow reader (`flow`), stops
 * when the reader went away (`gone`), and a failure destroys the stream (a cut download, never a file that
 * looks complete).
 */
export class ZipAnswer {
  readonly stream = new PassThrough();
  private readonly encoder = new TextEncoder();
  private readonly zip = new Zip((error, chunk, final) => {
    if (error) {
      this.stream.destroy(error);
      return;
    }
    this.stream.write(Buffer.from(chunk));
    if (final) this.stream.end();
  });

  /** A new entry; the previous one must have ended (a zip holds its entries one after another). */
  entry(name: string): ZipTextEntry {
    const entry = new ZipDeflate(name, { level: 6 });
    this.zip.add(entry);
    return { text: (value) => entry.push(this.encoder.encode(value)), end: () => entry.push(new Uint8Array(0), true) };
  }

  /** The reader went away (or the answer failed): stop reading rows. */
  get gone(): boolean {
    return this.stream.destroyed;
  }

  /** Resolves once the reader has taken what is buffered, or went away. */
  async flow(): Promise<void> {
    if (!this.stream.writableNeedDrain) return;
    await new Promise<void>((resolve) => {
      const done = () => {
        this.stream.off('drain', done);
        this.stream.off('close', done);
        resolve();
      };
      this.stream.once('drain', done);
      this.stream.once('close', done);
    });
  }

  /** Ends the archive after its last entry. */
  end(): void {
    this.zip.end();
  }

  /** Runs the writer; its failure destroys the answer. Returns the stream to send. */
  run(write: () => Promise<void>): PassThrough {
    write().catch((error: unknown) => this.stream.destroy(error instanceof Error ? error : new Error(String(error))));
    return this.stream;
  }
}
