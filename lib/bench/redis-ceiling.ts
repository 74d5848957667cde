/**
 * Redis's own ceiling for one script call (decision 295): what redis-benchmark measures, for a
 * command whose argument is binary (redis-benchmark takes its arguments from the command line,
 * where a byte 0 cannot be written). Every call is encoded once, before the clock starts; each
 * connection keeps `pipeline` calls in flight and only counts reply bytes, so the client costs a
 * socket write per `pipeline` calls and Redis is what runs out.
 */
import net from "node:net";

/** One command in RESP, the bytes a client writes. */
export function encodeCommand(args: readonly (string | Buffer)[]): Buffer {
  const parts: Buffer[] = [Buffer.from(`*${args.length}\r\n`)];
  for (const arg of args) {
    const bytes = typeof arg === "string" ? Buffer.from(arg) : arg;
    parts.push(Buffer.from(`$${bytes.length}\r\n`), bytes, Buffer.from("\r\n"));
  }
  return Buffer.concat(parts);
}

export interface CeilingRun {
  host: string;
  port: number;
  /** Encoded calls, sent in turn (different keys each). */
  commands: readonly Buffer[];
  /** Every call's reply is one bulk string of this many bytes. */
  replyBytes: number;
  connections: number;
  pipeline: number;
  calls: number;
}

/** Calls per second, Redis's replies counted as they arrive. */
export async function ceilingCallsPerSecond(run: CeilingRun): Promise<number> {
  const frame = Buffer.byteLength(`$${run.replyBytes}\r\n`) + run.replyBytes + 2;
  const perConnection = Math.ceil(run.calls / run.connections);
  let next = 0;
  const batch = (count: number) => {
    const chosen: Buffer[] = [];
    for (let i = 0; i < count; i++) chosen.push(run.commands[next++ % run.commands.length]!);
    return Buffer.concat(chosen);
  };
  const sockets = await Promise.all(
    Array.from(
      { length: run.connections },
      () =>
        new Promise<net.Socket>((resolve, reject) => {
          const socket = net.connect(run.port, run.host, () => resolve(socket));
          socket.setNoDelay(true);
          socket.once("error", reject);
        }),
    ),
  );
  const started = performance.now();
  try {
    await Promise.all(
      sockets.map(
        (socket) =>
          new Promise<void>((resolve, reject) => {
            let sent = Math.min(run.pipeline, perConnection);
            let received = 0;
            let bytes = 0;
            let checked = false;
            socket.on("data", (chunk: Buffer) => {
              if (!checked) {
                checked = true;
                if (chunk[0] !== 0x24 /* $ */) {
                  reject(new Error(`unexpected reply: ${chunk.subarray(0, 120).toString()}`));
                  return;
                }
              }
              bytes += chunk.length;
              const done = Math.floor(bytes / frame);
              const arrived = done - received;
              received = done;
              if (received >= perConnection) return resolve();
              const more = Math.min(arrived, perConnection - sent);
              if (more > 0) {
                sent += more;
                socket.write(batch(more));
              }
            });
            socket.write(batch(sent));
          }),
      ),
    );
    return ((perConnection * run.connections) / (performance.now() - started)) * 1000;
  } finally {
    for (const socket of sockets) socket.destroy();
  }
}
