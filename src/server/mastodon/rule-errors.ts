import { DomainError } from '../domain/errors.js';

/**
 * A rule's refusal in Mastodon's codes: the domain's 400s are the request's fault as Mastodon sees it (422,
 * "Validation failed"), and an ownership refusal, 400 in the spec's catalogue, is 403 here. Messages stay.
 */
export async function asMastodon<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof DomainError && error.status === 400) {
      const forbidden = error.kind === 'FORBIDDEN';
      throw new DomainError(forbidden ? 403 : 422, error.message, forbidden ? 'FORBIDDEN' : 'BAD_REQUEST');
    }
    throw error;
  }
}

export const unprocessable = (message: string) => new DomainError(422, message, 'BAD_REQUEST');
