/**
 * Spaces requests to the e-mail provider: at most `ratePerSecond` starts per second (Resend:
 * 2 requests per second per team by default), with a tenth to spare for network jitter; none
 * after the run's deadline; each with a timeout that ends before the deadline, so a scheduled
 * run finishes inside its time limit. Slots are handed out one after another and timed when
 * they are actually taken, on the monotonic clock (performance.now), not the wall clock.
 */
export class Pacer {
  private nextStart: number;
  private readonly interval: number;
  /** performance.now() value by which every request must have finished. */
  private readonly deadline: number;
  /** The longest a request may take. */
  private readonly timeoutMs: number;
  /** Requests with less time than this left are not started. */
  private readonly minimumMs: number;
  private turn: Promise<unknown> = Promise.resolve();

  constructor(ratePerSecond: number, deadline: number, timeoutMs: number, minimumMs = 2_000) {
    this.interval = (1000 / ratePerSecond) * 1.1;
    this.deadline = deadline;
    this.timeoutMs = timeoutMs;
    this.minimumMs = minimumMs;
    this.nextStart = performance.now();
  }

  /** Whether another request could still start in this run. */
  get open(): boolean {
    return this.deadline - Math.max(performance.now(), this.nextStart) >= this.minimumMs;
  }

  /** Waits for the next free slot; answers the timeout to use, or null when the run is out of time. */
  take(): Promise<{ timeoutMs: number } | null> {
    const slot = this.turn.then(async () => {
      if (!this.open) return null;
      const wait = this.nextStart - performance.now();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      const start = performance.now();
      this.nextStart = start + this.interval;
      return { timeoutMs: Math.floor(Math.min(this.timeoutMs, this.deadline - start)) };
    });
    this.turn = slot;
    return slot;
  }

  /** The provider said "too many requests": nothing starts for `seconds`. */
  holdFor(seconds: number): void {
    this.nextStart = Math.max(this.nextStart, performance.now() + seconds * 1000);
  }
}
