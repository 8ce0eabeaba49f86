/** Set-Cookie headers as inject() or fetch() hand them over: one string, a list, or absent. */
type SetCookie = string | string[] | number | undefined | null;

/** The value a response's Set-Cookie gives the cookie `name`; undefined when it sets none. */
export function cookieValue(setCookie: SetCookie, name: string): string | undefined {
  const lines = Array.isArray(setCookie) ? setCookie : setCookie === undefined || setCookie === null ? [] : [String(setCookie)];
  for (const line of lines) {
    const m = new RegExp(`^${name}=([^;]*)`).exec(line);
    if (m) return m[1];
  }
  return undefined;
}

/** The session token a sign-in, setup or password change answered with, from its cookie. */
export function sessionToken(res: { headers: Record<string, SetCookie> }): string {
  const token = cookieValue(res.headers['set-cookie'], 'token');
  if (!token) throw new Error(`the answer sets no token cookie: ${JSON.stringify(res.headers['set-cookie'])}`);
  return token;
}
