import { randomBytes } from 'node:crypto';

/** What a run token stands for: the run-as user, and the run whose steps write. */
export interface RunCaller {
  userId: number;
  automation: string;
  depth: number;
}

/** A run token starts so: it cannot be taken for a session's token (those are hex alone). */
const PREFIX = 'run_';

/**
 * The credentials of an automation run's record steps (docs/automations.md, "Run as"): a step
 * writes through a form's own route, in this process (Fastify's inject), as the run-as user, so
 * the form's fields, checks and grants apply exactly as they would to that person. The request
 * carries `Authorization: Bearer run_<random>`, which the request hook (http/request-user.ts)
 * finds here; a token lives in this process's memory while its run goes on, and nowhere else, so
 * nobody outside can present one, and none outlives its run.
 */
export class RunTokens {
  private readonly live = new Map<string, RunCaller>();

  issue(caller: RunCaller): string {
    const token = `${PREFIX}${randomBytes(32).toString('hex')}`;
    this.live.set(token, caller);
    return token;
  }

  revoke(token: string): void {
    this.live.delete(token);
  }

  /** The caller a token stands for, while its run goes on. */
  callerOf(token: string | undefined): RunCaller | undefined {
    return token?.startsWith(PREFIX) ? this.live.get(token) : undefined;
  }
}
