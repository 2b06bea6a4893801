// Trying again after a failure that the connection may explain (the scorer's downloads, the
// offline copy): after 2, 5 and 10 s, then every 30 s, or at once when the browser is back
// online (the "online" event never comes when the network is up but the server was down).

export const RETRY_MS = [2000, 5000, 10000, 30000];

/** One thing tried again: counts its failures since it last worked and holds the pending try. */
export class Retry {
  constructor() {
    this.failures = 0;
    this.timer = null;
  }

  /** It worked: the next failure waits the shortest time again. */
  succeeded() { this.failures = 0; }

  /** Drop the pending timer (a try started some other way). */
  cancel() { clearTimeout(this.timer); }

  /** Call `again()` once, when the browser is back online or after the next wait, whichever
   * comes first; returns that wait in ms. */
  schedule(again) {
    const retryInMs = RETRY_MS[Math.min(this.failures++, RETRY_MS.length - 1)];
    const run = () => {
      removeEventListener("online", run);
      clearTimeout(this.timer);
      again();
    };
    addEventListener("online", run);
    this.timer = setTimeout(run, retryInMs);
    return retryInMs;
  }
}
