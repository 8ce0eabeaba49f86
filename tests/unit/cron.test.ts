import { describe, expect, it } from 'vitest';
import { cronProblem, nextTick } from '../../src/server/core/cron.js';

/**
 * A schedule's cron text (src/server/core/cron.ts, croner underneath): what the check on save
 * refuses, and the next tick the scheduler waits for, in a time zone.
 */
describe('cronProblem', () => {
  it('accepts five fields croner reads: numbers, names, lists, ranges and steps', () => {
    for (const cron of ['* * * * *', '0 8 * * *', '*/15 * * * *', '0 8 * * mon-fri', '30 6 1,15 * *', '0 0 1 jan *', '  0   8 * * 1  ']) {
      expect(cronProblem(cron), cron).toBeUndefined();
    }
  });

  it('refuses another number of fields, a value out of range, a nickname and a date that never comes', () => {
    expect(cronProblem('0 8 * * * *')).toBe('has 6 fields: a schedule has five fields: minute hour day month weekday');
    expect(cronProblem('@daily')).toBe('has 1 field: a schedule has five fields: minute hour day month weekday');
    expect(cronProblem('')).toBe('has 0 fields: a schedule has five fields: minute hour day month weekday');
    expect(cronProblem('61 * * * *')).toBe('is not a schedule (five fields: minute hour day month weekday): invalid value for minute: 61');
    expect(cronProblem('0 25 * * *')).toMatch(/^is not a schedule \(five fields: minute hour day month weekday\): .*hour/);
    expect(cronProblem('0 0 31 2 *')).toBe('never comes: no date matches it');
  });
});

describe('nextTick', () => {
  const at = new Date('2026-03-10T08:00:00Z');

  it('answers the first tick strictly after the given time', () => {
    expect(nextTick('0 8 * * *', at, 'UTC')?.toISOString()).toBe('2026-03-11T08:00:00.000Z');
    expect(nextTick('*/15 * * * *', at, 'UTC')?.toISOString()).toBe('2026-03-10T08:15:00.000Z');
    expect(nextTick('0 8 * * *', new Date('2026-03-10T07:59:59Z'), 'UTC')?.toISOString()).toBe('2026-03-10T08:00:00.000Z');
  });

  it('reads the schedule in the time zone given, summer time included', () => {
    // 08:00 in Oslo is 07:00 UTC in winter, 06:00 UTC in summer (from 29 March 2026).
    expect(nextTick('0 8 * * *', at, 'Europe/Oslo')?.toISOString()).toBe('2026-03-11T07:00:00.000Z');
    expect(nextTick('0 8 * * *', new Date('2026-03-30T12:00:00Z'), 'Europe/Oslo')?.toISOString()).toBe('2026-03-31T06:00:00.000Z');
    expect(nextTick('0 9 * * 1', at, 'America/New_York')?.toISOString()).toBe('2026-03-16T13:00:00.000Z');
  });

  it('answers null for a schedule that never comes, and throws for one that is not five fields', () => {
    expect(nextTick('0 0 31 2 *', at, 'UTC')).toBeNull();
    expect(() => nextTick('0 0 8 * * *', at)).toThrow(/has 6 fields/);
    expect(() => nextTick('61 * * * *', at)).toThrow(/minute/);
    expect(() => nextTick('0 8 * * *', at, 'Nowhere/City')).toThrow();
  });
});
