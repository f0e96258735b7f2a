import { errorMessage } from '../../lib/error-text';

/** An admin screen whose read failed: what could not be loaded, the server's reason, and "Try again". */
export function LoadFailed(props: { what: string; error: { message: string } | null; onRetry: () => void }) {
  return (
    <div className="card empty">
      <p>
        {props.what} could not be loaded: {errorMessage(props.error)}
      </p>
      <button type="button" className="button" onClick={props.onRetry}>
        Try again
      </button>
    </div>
  );
}
