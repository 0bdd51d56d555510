import type { FastifyInstance } from 'fastify';

/**
 * Once the app is closing, a keep-alive connection is closed as soon as its answer is sent.
 *
 * Closing ends the connections that are idle at that moment (Node's `server.close()`, Fastify's
 * `forceCloseConnections: 'idle'`) and answers later requests with 503 and `Connection: close`. An answer
 * still being sent at that moment had already promised to keep its connection: once sent, the connection
 * stayed open until the keep-alive timeout (72 s) or the client hung up, and close() waited for it. A file
 * download meets this easily: its client has every byte (Content-Length) before the file stream has read
 * the file's end, so it goes idle while the answer is, for the server, not finished. A restart then
 * waited for idle downloaders (until SHUTDOWN_TIMEOUT_MS cut every connection).
 *
 * `forceCloseConnections: true` is no answer: it would cut downloads in flight instead of letting them
 * finish, which the graceful shutdown promises.
 */
export function closeConnectionsWhenAnswered(app: FastifyInstance): void {
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  // Node's own finish handler has run: the answer's connection is idle now, and closeIdleConnections
  // leaves connections with an answer still being sent alone.
  app.addHook('onResponse', async () => {
    if (closing) app.server.closeIdleConnections();
  });
}
