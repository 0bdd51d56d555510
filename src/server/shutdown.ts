export interface ShutdownOptions {
  /**
   * Stops the server in order: stop accepting, let requests in flight finish, hand running jobs back to the
   * queue, close the database last (start-app's close does exactly that).
   */
  stop(): Promise<void>;
  /** Ends the connections of requests still running at the deadline, so that `stop` can carry on. */
  forceClose?(): void;
  /** How long requests in flight may take (SHUTDOWN_TIMEOUT_MS). */
  timeoutMs: number;
  log(message: string): void;
  /** Leaves the process (tests and the cluster primary watch the exit code). */
  exit?(code: number): void;
}

/** Extra time after the deadline for jobs and the database to close before the process gives up waiting. */
const GRACE_AFTER_DEADLINE_MS = 15_000;

/**
 * SIGTERM and SIGINT stop the server gracefully, once: a second signal (Ctrl+C reaches every process of a
 * cluster, and the primary forwards SIGTERM too) does not cut the drain short. Requests still running at the
 * deadline lose their connection; if even closing hangs, the process exits with code 1 rather than never.
 */
export function stopGracefullyOnSignals(options: ShutdownOptions): void {
  const exit = options.exit ?? ((code: number) => process.exit(code));
  let stopping = false;
  const shutdown = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    options.log(`${signal}: stopping (requests in flight have ${options.timeoutMs / 1000} s to finish)`);
    const deadline = setTimeout(() => {
      options.log(`Requests still in flight after ${options.timeoutMs / 1000} s: closing their connections`);
      options.forceClose?.();
    }, options.timeoutMs);
    const giveUp = setTimeout(() => {
      options.log('The server did not finish stopping in time: exiting anyway');
      exit(1);
    }, options.timeoutMs + GRACE_AFTER_DEADLINE_MS);
    deadline.unref();
    giveUp.unref();
    options.stop().then(
      () => {
        clearTimeout(deadline);
        clearTimeout(giveUp);
        options.log('Stopped');
        exit(0);
      },
      (error: unknown) => {
        clearTimeout(deadline);
        clearTimeout(giveUp);
        options.log(`Stopping failed: ${error instanceof Error ? error.message : String(error)}`);
        exit(1);
      },
    );
  };
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);
}
