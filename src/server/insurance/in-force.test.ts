import { describe, expect, it } from 'vitest';
import { reminderHorizon, reminderMark } from './in-force';

describe('reminderMark', () => {
  it('gives the smallest of 60, 30 and 7 days not yet passed, counting every day without a next business day', () => {
    expect(reminderMark('2027-03-31', '2027-01-01')).toBeUndefined(); // 89 days
    expect(reminderMark('2027-03-01', '2027-01-01')).toBe(60); // 59 days
    expect(reminderMark('2027-01-31', '2027-01-01')).toBe(30);
    expect(reminderMark('2027-01-08', '2027-01-01')).toBe(7);
    expect(reminderMark('2027-01-01', '2027-01-01')).toBe(7); // ends today
    expect(reminderMark('2026-12-31', '2027-01-01')).toBeUndefined(); // ended
  });

  it('sends on a Friday the marks that fall on the weekend (the next business day is Monday)', () => {
    // Friday 2027-01-08; Monday 2027-01-11.
    expect(reminderMark('2027-02-09', '2027-01-08', '2027-01-11')).toBe(30); // 32 days: the 30-day mark is on Sunday
    expect(reminderMark('2027-02-10', '2027-01-08', '2027-01-11')).toBe(60); // 33 days: the 30-day mark is Monday's
    expect(reminderMark('2027-01-16', '2027-01-08', '2027-01-11')).toBe(7); // 8 days: the 7-day mark is Saturday
    expect(reminderMark('2027-03-10', '2027-01-08', '2027-01-11')).toBe(60); // 61 days: Saturday's 60-day mark
    expect(reminderMark('2027-03-11', '2027-01-08', '2027-01-11')).toBe(60); // 62 days: Sunday's 60-day mark
    expect(reminderMark('2027-03-12', '2027-01-08', '2027-01-11')).toBeUndefined(); // 63 days: Monday's
  });

  it('reaches as far as the last mark before the next business day', () => {
    expect(reminderHorizon('2027-01-07')).toBe('2027-03-08'); // Thursday + 60
    expect(reminderHorizon('2027-01-08', '2027-01-11')).toBe('2027-03-11'); // Friday + 60 + the weekend
  });
});
