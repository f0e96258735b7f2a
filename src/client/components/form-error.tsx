/** Why a form was refused, read out as it appears (role="alert"); nothing while there is no message. */
export function FormError({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <p className="form-error" role="alert">
      {message}
    </p>
  );
}
