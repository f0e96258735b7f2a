/**
 * "Your password", asked again before a change that a stolen session must not make alone (turning a second
 * factor on or off, adding a passkey, deleting the account); `id` is the form's own, from useId.
 */
export function YourPasswordField({
  id,
  value,
  onChange,
}: {
  id: string;
  value: string;
  onChange: (value: string) => void;
}) {
  return (
    <>
      <label htmlFor={`${id}-password`}>Your password</label>
      <input
        id={`${id}-password`}
        type="password"
        required
        autoComplete="current-password"
        value={value}
        onChange={(event) => onChange(event.target.value)}
      />
    </>
  );
}
