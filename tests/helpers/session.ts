/** A login's session: the test fails if the login asked for a second factor instead. */
export function session<T extends object>(answer: T): Extract<T, { token: string }> {
  if (!('token' in answer)) throw new Error('The login asked for a second factor, not a session.');
  return answer as Extract<T, { token: string }>;
}
