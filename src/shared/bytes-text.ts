// Sizes as people read them.

const units = ['bytes', 'KB', 'MB', 'GB', 'TB'] as const;

/**
 * 1536 -> "1.5 KB", 1073741824 -> "1 GB": powers of 1024, as REALM_MEDIA_QUOTA_BYTES' "1 GB" is, one decimal
 * at most. Shared by the command line and the admin page, so both say the same.
 */
export function bytesText(bytes: number): string {
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  if (unit === 0) return `${bytes} ${bytes === 1 ? 'byte' : 'bytes'}`;
  return `${Math.round(value * 10) / 10} ${units[unit]}`;
}
