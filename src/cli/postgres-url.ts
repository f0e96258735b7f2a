import { UsageError } from './command.js';

// A PostgreSQL URL carries its password (postgres://USER:PASSWORD@HOST/DATABASE, or ?password=), and what a
// command prints ends up in terminals, logs and issues: it is shown only with the password replaced.

const secretParameters = ['password', 'sslpassword'];

/** The value of `--to`, checked to be a PostgreSQL URL; a mistake is one line that does not repeat it. */
export function postgresUrl(value: string | boolean | undefined): URL {
  const form = 'postgres://USER:PASSWORD@HOST:PORT/DATABASE';
  if (typeof value !== 'string' || value === '')
    throw new UsageError(`migrate-to-postgres needs --to ${form}`);
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new UsageError(
      `--to must be a URL like ${form} (characters such as @ / : in the password are written %40 %2F %3A)`,
    );
  }
  if (url.protocol !== 'postgres:' && url.protocol !== 'postgresql:') {
    throw new UsageError(`--to must be a postgres:// or postgresql:// URL, not ${url.protocol}//`);
  }
  return url;
}

/** The URL as it may be printed: any password replaced by ***. */
export function shown(url: URL): string {
  const copy = new URL(url);
  if (copy.password) copy.password = '***';
  for (const name of secretParameters) if (copy.searchParams.has(name)) copy.searchParams.set(name, '***');
  return copy.toString();
}

/** `text` with the URL's password taken out wherever it appears, as written or decoded; on one line. */
export function scrubbed(text: string, url: URL): string {
  const secrets = [url.password, ...secretParameters.map((name) => url.searchParams.get(name) ?? '')];
  try {
    secrets.push(decodeURIComponent(url.password));
  } catch {
    // A malformed %-escape: node-postgres cannot decode it either, and the raw form is already listed.
  }
  const clean = secrets.filter(Boolean).reduce((out, secret) => out.split(secret).join('***'), text);
  return clean.replace(/\s*\n\s*/g, ' ').trim();
}

/** One line for a failure to reach PostgreSQL or to log in, saying what to check. */
export function connectionProblem(error: unknown, url: URL): string {
  const { code, message } = error as { code?: string; message?: string };
  const why = message || code || String(error);
  const where = shown(url);
  if (code === '28P01' || code === '28000') {
    return `PostgreSQL at ${where} refused the login (${why}): check the user and password in --to.`;
  }
  if (code === '3D000') return `PostgreSQL at ${where}: ${why}. Create it first (createdb), empty.`;
  return `Could not connect to PostgreSQL at ${where} (${why}): check the host and port in --to, and that the server runs and accepts connections from here.`;
}
