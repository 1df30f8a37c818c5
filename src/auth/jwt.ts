/** Reads a JWT's claims without verifying it: only to know expiries and profile the server already trusts. */
export function decodeJwt(token: string): Record<string, unknown> | null {
  const parts = token.split('.');
  if (parts.length !== 3) return null;
  try {
    const base64 = parts[1].replace(/-/g, '+').replace(/_/g, '/');
    const padded = base64 + '='.repeat((4 - (base64.length % 4)) % 4);
    const bytes = Uint8Array.from(atob(padded), (c) => c.charCodeAt(0));
    const claims: unknown = JSON.parse(new TextDecoder().decode(bytes));
    return typeof claims === 'object' && claims !== null ? (claims as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

export function jwtExpiryMs(token: string | undefined): number | undefined {
  const exp = token ? decodeJwt(token)?.exp : undefined;
  return typeof exp === 'number' ? exp * 1000 : undefined;
}
