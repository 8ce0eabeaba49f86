import { describe, expect, it } from 'vitest';
import { GENERATION_ROW, Generation } from '../../src/server/records/generation.js';
import type { StatsSnapshot } from '../../src/server/records/model-store.js';

function at(version: number): StatsSnapshot {
  return new Map([[GENERATION_ROW, { rowCount: 0, version }]]);
}

describe('Generation: a process reloads once for each restore or model deletion elsewhere', () => {
  it('does nothing while the generation has not moved, and reloads once when it has', async () => {
    let reloads = 0;
    const g = new Generation(async () => void reloads++, 3);
    await g.check(at(3));
    await g.check(new Map());
    expect(reloads).toBe(0);
    await g.check(at(4));
    await g.check(at(4));
    expect(reloads).toBe(1);
    expect(g.version).toBe(4);
  });

  it('lets requests arriving together share one reload', async () => {
    let reloads = 0;
    let release = () => {};
    const g = new Generation(() => {
      reloads++;
      return new Promise<void>((ok) => (release = ok));
    }, 0);
    const waiting = [g.check(at(1)), g.check(at(1)), g.check(at(1))];
    await Promise.resolve();
    release();
    await Promise.all(waiting);
    expect(reloads).toBe(1);
  });

  it('reloads again for a request that saw a newer move than the running reload', async () => {
    const seenBy: number[] = [];
    let release = () => {};
    const g = new Generation(() => {
      seenBy.push(g.version);
      return new Promise<void>((ok) => (release = ok));
    }, 0);
    const older = g.check(at(1));
    const newer = g.check(at(2));
    await Promise.resolve();
    release();
    await older;
    // The second reload starts after the first ends.
    await new Promise((r) => setTimeout(r, 0));
    release();
    await newer;
    expect(seenBy).toEqual([0, 1]);
    expect(g.version).toBe(2);
  });

  it('passes a failed reload to the request and tries again with the next', async () => {
    let fail = true;
    const g = new Generation(async () => {
      if (fail) throw new Error('database away');
    }, 0);
    await expect(g.check(at(1))).rejects.toThrow('database away');
    expect(g.version).toBe(0);
    fail = false;
    await g.check(at(1));
    expect(g.version).toBe(1);
  });

  it("records a process's own move only when it had seen every earlier one", () => {
    const g = new Generation(async () => undefined, 5);
    g.moved(6);
    expect(g.version).toBe(6);
    // Another process moved it to 7 unseen; this one's move to 8 must not hide that.
    g.moved(8);
    expect(g.version).toBe(6);
  });
});
