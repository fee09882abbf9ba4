/** Resolves once `url` answers 200 (a server that is starting), or rejects after `ms`. */
export async function waitFor(url: string, ms = 240_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`${url} did not answer within ${ms / 1000} s`);
}
