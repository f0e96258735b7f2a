// Tables on the administrator's terminal (`realm admin list-users`, `media-usage`).

// Names and usernames are members' own text: a control character (an escape sequence, a newline) would
// reach the administrator's terminal, or break the columns. JSON lines escape them already.
const printable = (text: string) => text.replace(/\p{Cc}/gu, '\uFFFD');

/** Columns padded to their widest cell; numbers aligned right. */
export function printTable(header: string[], cells: string[][], right: boolean[]) {
  const rows = cells.map((row) => row.map(printable));
  const widths = header.map((title, i) => Math.max(title.length, ...rows.map((row) => row[i]!.length)));
  for (const row of [header, ...rows]) {
    const cells = row.map((cell, i) => (right[i] ? cell.padStart(widths[i]!) : cell.padEnd(widths[i]!)));
    console.log(cells.join('  ').trimEnd());
  }
}
