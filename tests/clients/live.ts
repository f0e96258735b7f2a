/**
 * Waits for `arrived` while causing it with `cause`, again every two seconds until it arrives: a stream's
 * subscription is not acknowledged (methods/streaming.md), so the first cause may beat it. Each cause must
 * be one the waiter recognises (a text with the same marker, say).
 */
export async function whileCausing<T>(
  arrived: Promise<T>,
  cause: () => Promise<unknown>,
  timeoutMs = 15_000,
) {
  let settled = false;
  const done = arrived.finally(() => (settled = true));
  done.catch(() => {});
  const deadline = Date.now() + timeoutMs;
  await cause();
  while (!settled && Date.now() < deadline) {
    await Promise.race([done, new Promise((resolve) => setTimeout(resolve, 2000))]).catch(() => {});
    if (!settled && Date.now() < deadline) await cause();
  }
  return done;
}

/** Rejects after `ms` with `message`, unless `promise` settles first. */
export function within<T>(promise: Promise<T>, ms: number, message: () => string): Promise<T> {
  return Promise.race([
    promise,
    new Promise<never>((_, reject) => setTimeout(() => reject(new Error(message())), ms)),
  ]);
}

/** What a stream delivered, in order, and a way to wait for the first that matches. */
export function inbox<T>(label: string) {
  const items: T[] = [];
  const waiters = new Set<() => void>();
  return {
    items,
    push(item: T) {
      items.push(item);
      waiters.forEach((check) => check());
    },
    next(match: (item: T) => boolean, timeoutMs = 20_000): Promise<T> {
      return new Promise((resolve, reject) => {
        const check = () => {
          const found = items.find(match);
          if (found === undefined) return;
          waiters.delete(check);
          clearTimeout(timer);
          resolve(found);
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(
            new Error(
              `nothing matching on ${label} within ${timeoutMs} ms; got ${JSON.stringify(items).slice(0, 800)}`,
            ),
          );
        }, timeoutMs);
        waiters.add(check);
        check();
      });
    },
  };
}
