/** Messages between the read pool and a read worker process (read-worker.ts). */
export interface ReadRequest {
  id: number;
  sql: string;
  parameters: unknown[];
}

/** A statement's rows or its error; id 0 with `ready` says the worker has opened the database. */
export type ReadReply =
  | { id: number; rows: Record<string, unknown>[]; error?: undefined; ready?: undefined }
  | { id: number; error: string; rows?: undefined; ready?: undefined }
  | { id: 0; ready: true; rows?: undefined; error?: undefined };
