type Client = { waiting: (() => void)[]; lastTurn: number };

/** A client not given a turn in this many is forgotten: it ranks as a newcomer again. */
const rememberedTurns = 1024;

/**
 * Work taken up one piece per turn of the event loop, from the client given a turn longest ago. SQLite
 * answers synchronously, so a request's whole work runs in the turn it starts: with many requests ready at
 * once, one turn took them all (up to 1.5 s under `npm run bench:hardening`'s starvation load), and Node
 * accepts one new connection a turn, so newcomers waited 5 to 18 s in the kernel's queue while kept-alive
 * connections were answered (docs/security.md, "The load test"). One piece a turn keeps each turn short,
 * and the client served longest ago goes first, so a newcomer waits for about one piece of work.
 */
export function loopTurns() {
  const clients = new Map<string, Client>();
  let turn = 0;
  let waitingPieces = 0;
  /** Whether a piece ran since the last check phase: at most one starts at once in the loop's poll. */
  let startedInPoll = false;
  let scheduled = false;

  const forgetIdle = () => {
    for (const [key, client] of clients) {
      if (client.waiting.length === 0 && client.lastTurn < turn - rememberedTurns) clients.delete(key);
    }
  };
  const nextInLine = (): Client | undefined => {
    let chosen: Client | undefined;
    for (const client of clients.values()) {
      if (client.waiting.length > 0 && (!chosen || client.lastTurn < chosen.lastTurn)) chosen = client;
    }
    return chosen;
  };
  const give = (client: Client) => {
    client.lastTurn = ++turn;
    if (turn % rememberedTurns === 0) forgetIdle();
  };
  // setImmediate runs after the loop's poll, where connections are accepted and read: one piece there a turn.
  const schedule = () => {
    if (scheduled || waitingPieces === 0) return;
    scheduled = true;
    setImmediate(next);
  };
  const next = () => {
    scheduled = false;
    const chosen = nextInLine();
    if (chosen) {
      waitingPieces -= 1;
      give(chosen);
      chosen.waiting.shift()!();
    }
    startedInPoll = false;
    schedule();
  };

  return {
    /**
     * Resolves when a piece of `key`'s work may run: at once if none started since the last turn's check and
     * this client would be next in line anyway (a newcomer, or everyone else was served since it was).
     */
    take(key: string): Promise<void> {
      let client = clients.get(key);
      if (!client) clients.set(key, (client = { waiting: [], lastTurn: 0 }));
      const first =
        client.waiting.length === 0 &&
        (waitingPieces === 0 || client.lastTurn < (nextInLine()?.lastTurn ?? Infinity));
      if (!startedInPoll && first) {
        startedInPoll = true;
        give(client);
        // The next check phase lets the next poll start one again, whether or not anything waits.
        if (!scheduled) {
          scheduled = true;
          setImmediate(next);
        }
        return Promise.resolve();
      }
      waitingPieces += 1;
      const { waiting } = client;
      const turnCome = new Promise<void>((resolve) => waiting.push(resolve));
      schedule();
      return turnCome;
    },
  };
}
