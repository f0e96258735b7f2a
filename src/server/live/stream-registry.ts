import type { ServerResponse } from 'node:http';
import type { Socket } from 'node:net';

/** One event in the text/event-stream format: `data` is JSON on one line. */
export const sseEvent = (type: string, data: unknown) => `event: ${type}\ndata: ${JSON.stringify(data)}\n\n`;

export type LiveStream = {
  readonly memberId: string;
  /** Sends now, or once the stream has said hello (events must not come before it). */
  send(text: string): void;
  /** The first event; what was sent meanwhile follows it. */
  hello(text: string): void;
  close(): void;
};

export type RegistryOptions = {
  /** Streams one member may hold in this process; a new one past it closes their oldest. */
  perMember: number;
  /** The `: ping` comment that keeps proxies and browsers from taking the stream for dead. */
  heartbeatMs: number;
  /**
   * A client that does not read (a stalled tab, a slow link) has its events pile up in this process: past
   * this many bytes its stream is closed, and it reconnects and catches up when it can read again.
   */
  maxBufferedBytes: number;
};

/** The open event streams of this process, by member, oldest first. */
export function createStreamRegistry({ perMember, heartbeatMs, maxBufferedBytes }: RegistryOptions) {
  const byMember = new Map<string, LiveStream[]>();
  const all = new Set<LiveStream>();
  // Every connection that carried a stream, until it closes: a client may leave one open after its stream
  // ended (a fetch aborted on a kept-alive connection), and the server would wait for it when it stops.
  const sockets = new Set<Socket>();
  let closed = false;

  const remove = (stream: LiveStream) => {
    if (!all.delete(stream)) return;
    const left = (byMember.get(stream.memberId) ?? []).filter((other) => other !== stream);
    if (left.length > 0) byMember.set(stream.memberId, left);
    else byMember.delete(stream.memberId);
  };

  // One timer for every stream: a timer each would cost more than the pings.
  const heartbeat = setInterval(() => {
    for (const stream of all) stream.send(': ping\n\n');
  }, heartbeatMs);
  heartbeat.unref();

  return {
    open(memberId: string, response: ServerResponse): LiveStream {
      let waiting: string[] | null = [];
      const write = (text: string) => {
        response.write(text);
        if (response.writableLength <= maxBufferedBytes) return;
        // Ending it would wait for the client to read what is queued: the connection goes at once.
        remove(stream);
        response.destroy();
      };
      const stream: LiveStream = {
        memberId,
        send(text) {
          if (!all.has(stream)) return;
          if (waiting) waiting.push(text);
          else write(text);
        },
        hello(text) {
          if (!all.has(stream) || !waiting) return;
          const queued = waiting;
          waiting = null;
          write(text + queued.join(''));
        },
        close() {
          remove(stream);
          // The connection goes with the stream once its last bytes are out, whatever the client does.
          response.end(() => response.destroy());
        },
      };
      all.add(stream);
      const socket = response.socket;
      if (socket && !sockets.has(socket)) {
        sockets.add(socket);
        socket.once('close', () => sockets.delete(socket));
      }
      const theirs = [...(byMember.get(memberId) ?? []), stream];
      byMember.set(memberId, theirs);
      if (theirs.length > perMember) theirs[0]!.close();
      response.once('close', () => remove(stream));
      // The client may have gone while its token was checked: its 'close' has come already. A stream that
      // opens while the server shuts down ends at once.
      if (response.closed || !response.socket || response.socket.destroyed) remove(stream);
      else if (closed) stream.close();
      return stream;
    },
    /** The members who have a stream here. */
    members: () => [...byMember.keys()],
    streamsOf: (memberId: string): readonly LiveStream[] => byMember.get(memberId) ?? [],
    all: (): Iterable<LiveStream> => all,
    get size() {
      return all.size;
    },
    /** Ends every stream (shutdown) and the heartbeat. */
    closeAll() {
      closed = true;
      clearInterval(heartbeat);
      for (const stream of [...all]) stream.close();
      setImmediate(() => sockets.forEach((socket) => socket.destroy()));
    },
  };
}

export type StreamRegistry = ReturnType<typeof createStreamRegistry>;
