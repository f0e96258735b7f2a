import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { toJson, withJsonField } from '../../src/server/domain/json-text.js';
import { trickyText } from '../helpers/tricky-text.js';

const cards = [
  { id: 'a', text: trickyText, likes: 3, mine: true },
  { id: 'b', text: '', likes: 0, mine: false },
];
const text = JSON.stringify(cards);

describe('a field held as JSON text', () => {
  it('is written as its text, in its place among the other fields, as JSON.stringify writes the parsed value', () => {
    const page = Object.assign(withJsonField({}, 'items', text), {
      nextCursor: null,
      total: 2,
      skipped: undefined,
    });
    const expected = JSON.stringify({ items: cards, nextCursor: null, total: 2 });
    expect(toJson(page)).toBe(expected);
    // The text itself goes out: a marker in it survives, which a parse and a stringify would not keep.
    const spaced = withJsonField({}, 'items', '[ 1,  2 ]');
    expect(toJson(spaced)).toBe('{"items":[ 1,  2 ]}');
    expect(JSON.stringify(page)).toBe(expected);
  });

  it('reads as the parsed value, and once read and changed is written as changed', () => {
    const page = withJsonField<{ nextCursor: string }, 'items', typeof cards>(
      { nextCursor: 'c' },
      'items',
      text,
    );
    expect(page.items).toEqual(cards);
    expect(page.items).toBe(page.items); // parsed once
    page.items.pop();
    expect(toJson(page)).toBe(JSON.stringify({ nextCursor: 'c', items: cards.slice(0, 1) }));
  });

  it('leaves other values to JSON.stringify', () => {
    for (const value of [undefined, null, 1, 'x', [1, { a: 2 }], { a: undefined, b: [trickyText] }]) {
      expect(toJson(value)).toBe(JSON.stringify(value));
    }
  });

  it("splices SQLite's strings unchanged: SQLite escapes every character as JSON.stringify does", () => {
    const db = new Database(':memory:');
    const quote = db.prepare<[string], string>('select json_quote(?)').pluck();
    const differ: string[] = [];
    for (let code = 0; code < 0x10000; code++) {
      if (code >= 0xd800 && code < 0xe000) continue; // halves of a pair: only valid UTF-8 reaches SQLite
      const value = `a${String.fromCharCode(code)}b`;
      if (quote.get(value) !== JSON.stringify(value)) differ.push(code.toString(16));
    }
    expect(differ).toEqual([]);
    expect(quote.get(trickyText)).toBe(JSON.stringify(trickyText));
    db.close();
  });
});
