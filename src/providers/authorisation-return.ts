// Reads the bank's redirect back to the service, an OAuth2 authorization-code redirect:
// `?state=...&code=...` when the customer approved, `?state=...&error=...` when not.

export type AuthorisationReturn =
  | { state: string; outcome: 'approved'; code: string }
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
  if (code) return { state, outcome: 'approved', code };
  return undefined;
}
