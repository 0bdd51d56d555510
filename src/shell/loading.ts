/** The loading modal shows once a request has run this long. */
export const LOADING_DELAY_MS = 300;

export interface LoadingTracker {
  wrap(fetcher: typeof fetch): typeof fetch;
  /** An error hides the modal, whatever else is still running. */
  hide(): void;
}

/** Counts requests in flight and reports `shown` after the delay, `false` when none is left. */
export function createLoadingTracker(report: (shown: boolean) => void, delayMs = LOADING_DELAY_MS): LoadingTracker {
  let inFlight = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const stop = () => {
    clearTimeout(timer);
    timer = undefined;
    report(false);
  };
  return {
    wrap: (fetcher) => async (input, init) => {
      inFlight += 1;
      if (inFlight === 1) timer = setTimeout(() => report(true), delayMs);
      try {
        return await fetcher(input, init);
      } finally {
        inFlight -= 1;
        if (inFlight === 0) stop();
      }
    },
    hide: stop,
  };
}
