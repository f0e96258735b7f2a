/** Text that any JSON writer must keep exactly: quotes, a backslash, newlines, markup, non-ASCII and a control character. */
export const trickyText = 'She said "hi" \\ back\nnew line\ttab <b>not bold</b> </script> ünï 😀 \u0001';
