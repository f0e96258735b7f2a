// Deterministic randomness for the scale generator: the same arguments build the same instance.

/** mulberry32: small, fast, good enough to shape test data. Returns floats in [0, 1). */
export function createRandom(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!,
    /** A long tail: mostly small, now and then large. Pareto with shape `alpha`, minus one, capped. */
    tail: (alpha: number, cap: number) => Math.min(cap, Math.floor(Math.pow(1 - next(), -1 / alpha)) - 1),
  };
}

export type Random = ReturnType<typeof createRandom>;

/**
 * Picks indexes 0..n-1 with Zipf weights 1/(rank+1)^s: index 0 is the most popular. Used for authors (a few
 * write most posts) and for whom people follow (a few are followed by thousands).
 */
export function createZipf(random: Random, n: number, s = 1.05) {
  const cumulative = new Float64Array(n);
  let total = 0;
  for (let i = 0; i < n; i++) {
    total += 1 / Math.pow(i + 1, s);
    cumulative[i] = total;
  }
  return () => {
    const target = random.next() * total;
    let low = 0;
    let high = n - 1;
    while (low < high) {
      const mid = (low + high) >> 1;
      if (cumulative[mid]! < target) low = mid + 1;
      else high = mid;
    }
    return low;
  };
}

const words =
  'the a morning coffee city light train friend music garden river book idea code design photo walk weekend rain sun dinner recipe bread trail mountain ocean quiet loud new old small big first last today tomorrow always never really maybe think love made found built learned shared tried'.split(
    ' ',
  );

/** A sentence of `min` to `max` words. */
export function sentence(random: Random, min: number, max: number): string {
  const count = random.int(min, max);
  const out: string[] = [];
  for (let i = 0; i < count; i++) out.push(random.pick(words));
  const text = out.join(' ');
  return text.charAt(0).toUpperCase() + text.slice(1) + '.';
}

export const firstNames = [
  'Ada',
  'Ben',
  'Chioma',
  'Diego',
  'Elif',
  'Farah',
  'Goran',
  'Hana',
  'Ivan',
  'Jia',
  'Kofi',
  'Lena',
  'Mateo',
  'Noor',
  'Oskar',
  'Priya',
  'Quinn',
  'Rosa',
  'Sami',
  'Tomas',
  'Uma',
  'Viktor',
  'Wen',
  'Yara',
  'Zane',
];
export const lastNames = [
  'Adeyemi',
  'Berg',
  'Costa',
  'Dubois',
  'Eriksen',
  'Fischer',
  'Garcia',
  'Haddad',
  'Ito',
  'Jensen',
  'Kim',
  'Larsen',
  'Moreau',
  'Novak',
  'Okafor',
  'Patel',
  'Quispe',
  'Rossi',
  'Sato',
  'Tanaka',
  'Uysal',
  'Varga',
  'Wagner',
  'Yilmaz',
  'Zhou',
];
