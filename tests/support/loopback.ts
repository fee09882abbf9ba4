import { createServer, type RequestListener, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** An HTTP server of a test on 127.0.0.1, at a free port. */
export interface Loopback {
  /** "http://127.0.0.1:{port}". */
  url: string;
  port: number;
  server: Server;
  /** Stops taking connections, ends the open ones and resolves once the server is closed. */
  close: () => Promise<void>;
}

/** Starts `handler` on loopback at a free port: how the tests start a stand-in of a service. */
export async function listen(handler: RequestListener): Promise<Loopback> {
  const server = createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    server,
    close: () =>
      new Promise<void>((resolve) => {
        if (!server.listening) return resolve();
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
