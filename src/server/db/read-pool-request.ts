import type { FastifyRequest } from 'fastify';
import type { Kysely, RawBuilder } from 'kysely';
import { HttpError } from '../http/errors.js';
import { ReadCancelled, ReadOverloaded, type ReadPool, type TableReader } from './read-pool.js';

export interface RequestReaderOptions {
  /** TABLE_TIMEOUT_MS: the limit the reads of the request may take. */
  timeoutMs: number;
  /**
   * Whether the limit applies to each statement rather than to the whole request: an export streams for as
   * long as its rows take, but none of its batches may be slow.
   */
  perStatement?: boolean;
}

/** A request's reader, and `done()`, to call once it reads no more (it stops watching the connection). */
export interface RequestReader extends TableReader {
  done(): void;
}

/**
 * Table reads of one request on the read pool: compiled by the main connection's Kysely (which knows the
 * dialect), run on the pool, stopped when the client's connection closes before the answer, refused or
 * stopped with a 503 and Retry-After when they would take longer than the limit.
 */
export function requestReader(pool: ReadPool, db: Kysely<unknown>, request: FastifyRequest, options: RequestReaderOptions): RequestReader {
  const controller = new AbortController();
  const socket = request.raw.socket;
  // The socket, not the request: a request's own 'close' also fires once its body has been read.
  const onClose = () => controller.abort();
  socket.once('close', onClose);
  if (socket.destroyed) controller.abort();
  const requestDeadline = Date.now() + options.timeoutMs;
  return {
    async all<R>(query: RawBuilder<R>): Promise<R[]> {
      const deadline = options.perStatement ? Date.now() + options.timeoutMs : requestDeadline;
      try {
        return (await pool.run(query.compile(db), { signal: controller.signal, deadline })) as R[];
      } catch (error) {
        if (error instanceof ReadOverloaded) {
          // No reason phrase of its own: Germinate's clients show their message for a plain 503.
          throw new HttpError(503, undefined, 'The server is busy: please try again shortly.', { 'retry-after': String(error.retryAfterSeconds) });
        }
        // Nobody reads the answer; a 503 keeps it out of the error log.
        if (error instanceof ReadCancelled) throw new HttpError(503, undefined, 'The client went away.');
        throw error;
      }
    },
    done() {
      socket.off('close', onClose);
    },
  };
}
