/**
 * Spaces requests to the e-mail provider: at most `ratePerSecond` starts per second (Resend:
 * 2 requests per second per team by default), none after the run's deadline, and each with a
 * timeout that ends before the deadline, so a scheduled run finishes inside its time limit.
 * Uses the monotonic clock (performance.now), not the wall clock.
 */
export class Pacer {
  private nextStart: number;
  private readonly interval: number;

  constructor(
    ratePerSecond: number,
    /** performance.now() value by which every request must have finished. */
    private readonly deadline: number,
    /** The longest a request may take. */
    private readonly timeoutMs: number,
    /** Requests with less time than this left are not started. */
    private readonly minimumMs = 2_000,
  ) {
    this.interval = 1000 / ratePerSecond;
    this.nextStart = performance.now();
  }

  /** Whether another request could still start in this run. */
  get open(): boolean {
    return this.deadline - Math.max(performance.now(), this.nextStart) >= this.minimumMs;
  }

  /** Waits for the next free slot; answers the timeout to use, or null when the run is out of time. */
  async take(): Promise<{ timeoutMs: number } | null> {
    const start = Math.max(performance.now(), this.nextStart);
    const left = this.deadline - start;
    if (left < this.minimumMs) return null;
    this.nextStart = start + this.interval;
    const wait = start - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    return { timeoutMs: Math.floor(Math.min(this.timeoutMs, this.deadline - performance.now())) };
  }

  /** The provider said "too many requests": nothing starts for `seconds`. */
  holdFor(seconds: number): void {
    this.nextStart = Math.max(this.nextStart, performance.now() + seconds * 1000);
  }
}
