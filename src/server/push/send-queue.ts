// The pushes waiting to be sent, in a line per push service (docs/security.md, Web Push): at most `running`
// requests at once and `perService` to any one service, the services taking turns. A service that answers
// slowly holds its own few requests, each until its deadline (send.ts), never every one: pushes to the
// others keep going out meanwhile.

export type SendQueueOptions = {
  /** Requests under way at once, at most. */
  running: number;
  /** Requests under way to one push service (its host), at most. */
  perService: number;
  /** Requests waiting, at most; beyond it `add` refuses, rather than hold memory. */
  waiting: number;
};

export type SendQueue = {
  /** Queues one request to `service`; false when the line is full (the push is dropped). */
  add(service: string, send: () => Promise<void>): boolean;
  /** Drops what waits; resolves once the requests under way have ended. */
  close(): Promise<void>;
};

export function sendQueue(options: SendQueueOptions): SendQueue {
  // A Map keeps insertion order: a service served goes to the back, so services take turns.
  const lines = new Map<string, (() => Promise<void>)[]>();
  const underWay = new Map<string, number>();
  let waiting = 0;
  let running = 0;
  let closed = false;
  const ended = new Set<() => void>();

  function nextSend(): [string, () => Promise<void>] | undefined {
    for (const [service, line] of lines) {
      if ((underWay.get(service) ?? 0) >= options.perService) continue;
      const send = line.shift()!;
      lines.delete(service);
      if (line.length > 0) lines.set(service, line);
      return [service, send];
    }
    return undefined;
  }

  function pump() {
    while (!closed && running < options.running) {
      const next = nextSend();
      if (!next) return;
      const [service, send] = next;
      waiting--;
      running++;
      underWay.set(service, (underWay.get(service) ?? 0) + 1);
      void send().finally(() => {
        running--;
        const left = underWay.get(service)! - 1;
        if (left === 0) underWay.delete(service);
        else underWay.set(service, left);
        if (running === 0) for (const done of ended) done();
        pump();
      });
    }
  }

  return {
    add(service, send) {
      if (closed || waiting >= options.waiting) return false;
      waiting++;
      const line = lines.get(service);
      if (line) line.push(send);
      else lines.set(service, [send]);
      pump();
      return true;
    },
    async close() {
      closed = true;
      lines.clear();
      waiting = 0;
      if (running === 0) return;
      await new Promise<void>((resolve) => ended.add(resolve));
    },
  };
}
