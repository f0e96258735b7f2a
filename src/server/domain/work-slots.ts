/**
 * At most `running` pieces of work at once; up to `waiting` more wait their turn, in order, each for at most
 * `waitMs`. Work beyond that is refused at once with `busy()`, so a burst costs the server a bounded amount.
 */
export function workSlots(options: { running: number; waiting: number; waitMs: number; busy: () => Error }) {
  let running = 0;
  const queue: (() => void)[] = [];

  function turn(): Promise<void> {
    if (running < options.running) {
      running++;
      return Promise.resolve();
    }
    if (queue.length >= options.waiting) return Promise.reject(options.busy());
    return new Promise((resolve, reject) => {
      const start = () => {
        clearTimeout(timer);
        resolve();
      };
      const timer = setTimeout(() => {
        queue.splice(queue.indexOf(start), 1);
        reject(options.busy());
      }, options.waitMs);
      queue.push(start);
    });
  }

  /** Waits for a slot; the answer gives it back (once, however often it is called). */
  async function acquire(): Promise<() => void> {
    await turn();
    let held = true;
    return () => {
      if (!held) return;
      held = false;
      // A slot given back goes straight to the next in line.
      const next = queue.shift();
      if (next) next();
      else running--;
    };
  }

  return {
    acquire,
    async run<T>(work: () => Promise<T>): Promise<T> {
      const release = await acquire();
      try {
        return await work();
      } finally {
        release();
      }
    },
    /** Nothing running and nothing waiting. */
    idle: () => running === 0 && queue.length === 0,
  };
}
