import { connect, type AddressInfo, type Socket } from 'node:net';
import { buildApp } from '../../src/server/app.js';
import { openSqliteStore } from '../../src/server/store/sqlite/index.js';
import { testConfig } from './test-app.js';

export type RawConnection = { socket: Socket; received: () => string; closed: Promise<void> };

/**
 * The app listening on a free loopback port, for what app.inject cannot show (timeouts, sockets, addresses),
 * and raw connections to it. `close()` ends them all.
 */
export async function realServer(config: Partial<typeof testConfig>, requestTimeoutMs?: number) {
  const store = openSqliteStore(':memory:');
  const app = await buildApp({
    config: { ...testConfig, ...config },
    store,
    logger: false,
    serveBuiltClient: false,
    ...(requestTimeoutMs ? { requestTimeoutMs } : {}),
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  const sockets: Socket[] = [];
  return {
    /** A connection from `from` (any 127.x.y.z address stands for another client). */
    open(from = '127.0.0.1'): Promise<RawConnection> {
      return new Promise((resolve, reject) => {
        const socket = connect({ port, host: '127.0.0.1', localAddress: from });
        sockets.push(socket);
        let text = '';
        socket.on('data', (chunk) => (text += chunk.toString()));
        socket.on('error', () => {}); // a reset is one of the answers under test
        const closed = new Promise<void>((done) => socket.once('close', () => done()));
        socket.once('connect', () => resolve({ socket, received: () => text, closed }));
        socket.once('error', reject);
      });
    },
    async close() {
      sockets.forEach((socket) => socket.destroy());
      await app.close();
      await store.close();
    },
  };
}

/** Sends a whole GET on its own connection and resolves with the raw answer once the server closes it. */
export async function rawGet(server: Awaited<ReturnType<typeof realServer>>, path: string, from?: string) {
  const connection = await server.open(from);
  connection.socket.write(`GET ${path} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`);
  await connection.closed;
  return connection.received();
}
