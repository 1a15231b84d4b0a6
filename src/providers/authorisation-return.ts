// Reads the bank's answer when the customer comes back (API.md 10.2), from the query or from the
// fragment the return page posts: `state`, `code` and `id_token` when the customer approved, `state`
// and `error` when not. The id_token is checked by the bank's adapter before the code is used.

export type AuthorisationReturn =
  | { state: string; outcome: 'approved'; code: string; idToken: string | null }
  | { state: string; outcome: 'rejected'; error: string; description: string | null };

/** undefined when the query is not a complete redirect (no state, or neither code nor error). */
export function authorisationReturnOf(
  query: Record<string, string | string[] | undefined>,
): AuthorisationReturn | undefined {
  const one = (name: string) => {
    const value = query[name];
    return typeof value === 'string' && value !== '' ? value : undefined;
  };
  const state = one('state');
  if (!state) return undefined;
  const error = one('error');
  if (error) return { state, outcome: 'rejected', error, description: one('error_description') ?? null };
  const code = one('code');
  if (code) return { state, outcome: 'approved', code, idToken: one('id_token') ?? null };
  return undefined;
}
