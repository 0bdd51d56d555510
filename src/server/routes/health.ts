import type { FastifyPluginAsync } from 'fastify';
import { sql } from 'kysely';

/** How long readiness waits for the database before saying the process is not ready. */
const READY_TIMEOUT_MS = 2000;

/** What a probe gets: the status and nothing else (no versions, no database name, no timings). */
const UP = { status: 'UP' } as const;
const DOWN = { status: 'DOWN' } as const;

function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('timeout')), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

/**
 * Probes for a proxy or orchestrator, without authentication.
 * - `GET health`: liveness. The process answers; the database is not asked, so a slow database never gets a
 *   live process restarted.
 * - `GET health/ready`: readiness. 200 when the database answers a trivial query within a short timeout;
 *   503 when it does not, and from the moment the server starts shutting down, so the proxy sends new
 *   requests elsewhere while this process drains.
 */
export const healthRoutes: FastifyPluginAsync = async (app) => {
  let closing = false;
  app.addHook('preClose', (done) => {
    closing = true;
    done();
  });

  // Probes come every few seconds: their request lines would drown the log (failures still log a warning).
  const route = { logLevel: 'warn', config: { access: 'none' } } as const;
  app.get('/health', route, async (_request, reply) => reply.header('cache-control', 'no-store').send(UP));

  app.get('/health/ready', route, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    if (closing) return reply.code(503).send(DOWN);
    try {
      await withTimeout(sql`select 1`.execute(app.database.db), READY_TIMEOUT_MS);
      return reply.send(UP);
    } catch (error) {
      request.log.warn(`Readiness: the database did not answer (${error instanceof Error ? error.message : String(error)})`);
      return reply.code(503).send(DOWN);
    }
  });
};
