/**
 * Whether an API call did what it asked: 200, or 201 for what it created. The client's `ok`
 * (runtime/api/http.ts) is 200 alone, so a call that may create checks its answer with this.
 * A module of its own, so the designer, which is handed its API client rather than importing
 * it, can use it too.
 */
export function succeeded(answer: { ok: boolean; status: number }): boolean {
  return answer.ok || answer.status === 201;
}
