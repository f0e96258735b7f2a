/** The longest address SMTP carries in a path (RFC 5321: 256 octets with its angle brackets). */
export const mailAddressMax = 254;

// A practical address, not RFC 5322's whole grammar: a local part and a domain without spaces, angle
// brackets, quotes or the separators a header would read as the start of another address.
const addressPattern =
  /^[^\s@<>()[\]\\,;:"]+@[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?)*$/;

/** Whether `value` is one mail address that can be written in a header and an SMTP envelope as it is. */
export function isMailAddress(value: string): boolean {
  return value.length <= mailAddressMax && addressPattern.test(value);
}
