// A TCP proxy on loopback between a test's parts (a client and the server, the server and
// PostgreSQL or Redis) that the test can cut and restore, as a network would: cut() resets every
// open connection and refuses new ones until restore(). Written on node:net because it is a few
// lines, where a library (toxiproxy) would be a separate server to run.
import net from "node:net";

export interface TcpProxy {
  /** The proxy's port on 127.0.0.1. */
  port: number;
  /** Whether connections pass now. */
  readonly open: boolean;
  /** Resets every connection through the proxy and refuses new ones. */
  cut(): void;
  /** Lets connections through again. */
  restore(): void;
  /** How many connections it has let through so far. */
  readonly accepted: number;
  close(): Promise<void>;
}

export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  const pairs = new Set<[net.Socket, net.Socket]>();
  let open = true;
  let accepted = 0;
  const server = net.createServer((inbound) => {
    if (!open) {
      inbound.resetAndDestroy();
      return;
    }
    accepted++;
    const outbound = net.connect(target.port, target.host);
    const pair: [net.Socket, net.Socket] = [inbound, outbound];
    pairs.add(pair);
    const end = () => {
      pairs.delete(pair);
      inbound.destroy();
      outbound.destroy();
    };
    inbound.on("error", end).on("close", end);
    outbound.on("error", end).on("close", end);
    inbound.pipe(outbound);
    outbound.pipe(inbound);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as net.AddressInfo).port;
  const cutAll = () => {
    for (const [a, b] of pairs) {
      a.resetAndDestroy();
      b.resetAndDestroy();
    }
    pairs.clear();
  };
  return {
    port,
    get open() {
      return open;
    },
    get accepted() {
      return accepted;
    },
    cut() {
      open = false;
      cutAll();
    },
    restore() {
      open = true;
    },
    close() {
      open = false;
      cutAll();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}
