import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { buildSetupApp, type SetupAppOptions } from './app.js';
import type { RunningApp } from './start-app.js';

export interface SetupServerOptions extends Omit<SetupAppOptions, 'onStored'> {
  /** Starts the normal app from what the wizard stored (built and ready, not listening). */
  startNormal(): Promise<RunningApp>;
}

export interface SetupServer {
  /** http://<address>:<port> */
  url: string;
  /** Resolves with the normal app once it serves the requests; rejects when it could not start. */
  switched: Promise<RunningApp>;
  /** Stops listening and closes whichever apps are open. */
  close(): Promise<void>;
}

type Handler = (request: IncomingMessage, response: ServerResponse) => void;

/**
 * Setup mode on one port for its whole life: a plain HTTP server hands each request to the current
 * Fastify app (`routing`), first the wizard, then — once setup/store has answered — the normal app.
 * Swapping the handler rather than closing and listening again leaves no moment in which the port is
 * closed, so the client's polling of GET settings sees 503 until the normal app answers 200.
 */
export async function startSetupServer(options: SetupServerOptions): Promise<SetupServer> {
  let running: RunningApp | null = null;
  let resolveSwitched: (app: RunningApp) => void = () => undefined;
  let rejectSwitched: (error: unknown) => void = () => undefined;
  const switched = new Promise<RunningApp>((resolve, reject) => {
    resolveSwitched = resolve;
    rejectSwitched = reject;
  });
  // Whoever starts the server decides what a failed switch means; an unobserved rejection must not crash it.
  switched.catch(() => undefined);

  let setupApp: FastifyInstance | null = null;
  const switchOver = async () => {
    try {
      running = await options.startNormal();
      handler = running.app.routing.bind(running.app);
      const finished = setupApp;
      setupApp = null;
      await finished?.close();
      resolveSwitched(running);
    } catch (error) {
      rejectSwitched(error);
    }
  };
  setupApp = await buildSetupApp({ ...options, onStored: () => void switchOver() });
  await setupApp.ready();
  let handler: Handler = setupApp.routing.bind(setupApp);

  const server = http.createServer((request, response) => handler(request, response));
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.config.port, options.config.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address() as AddressInfo;
  const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;

  return {
    url: `http://${host}:${address.port}`,
    switched,
    async close() {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      // Keep-alive connections would hold close() open until they time out.
      server.closeAllConnections();
      await closed;
      await setupApp?.close();
      await (running as RunningApp | null)?.close();
    },
  };
}
