import { listen, type Loopback } from '../support/loopback.ts';

/**
 * A loopback stand-in for the Netlify build hook the publisher calls, speaking its documented
 * wire format: POST /build_hooks/{id}?trigger_title=… → 200, empty body. (GitHub's side is
 * tests/support/github.ts.)
 */
export class BuildHookStandIn {
  readonly calls: { title: string; at: number }[] = [];
  status = 200;
  url = '';
  /** The simulated clock of the test driving it (ISO), for what onBuild records. */
  now = '';
  /** Runs for each accepted call, as Netlify's build and its deploy-succeeded event would. */
  onBuild: ((title: string) => Promise<void>) | undefined;
  private loopback: Loopback | undefined;

  async start(): Promise<this> {
    this.loopback = await listen(async (request, response) => {
      request.resume();
      const url = new URL(request.url ?? '/', 'http://localhost');
      if (request.method !== 'POST' || !url.pathname.startsWith('/build_hooks/')) return void response.writeHead(404).end('Not found');
      const title = url.searchParams.get('trigger_title') ?? '';
      if (this.status !== 200) return void response.writeHead(this.status).end();
      this.calls.push({ title, at: Date.now() });
      // The build and its deploy event come after the answer in production; here before it, so
      // a simulated run sees the deploy it asked for.
      await this.onBuild?.(title);
      response.writeHead(200).end();
    });
    this.url = `${this.loopback.url}/build_hooks/test-hook`;
    return this;
  }

  stop(): Promise<void> {
    return this.loopback?.close() ?? Promise.resolve();
  }
}
