import { parseIsoDateTime, parseScheduledFor } from '#shared/domain/scheduled-time';
import { DomainError } from '#shared/domain/errors';

const now = new Date('2026-11-22T12:00:00.000Z');
const code = (fn: () => unknown) => {
  try {
    fn();
    return 'ok';
  } catch (error) {
    return (error as DomainError).code;
  }
};

describe('scheduled_for', () => {
  it.each([
    ['2026-11-22T12:01:00Z', '2026-11-22T12:01:00.000Z'],
    ['2026-11-22T14:01:00+02:00', '2026-11-22T12:01:00.000Z'],
    ['2026-11-22T12:01:00.5Z', '2026-11-22T12:01:00.500Z'],
    ['2027-11-22T11:59:59Z', '2027-11-22T11:59:59.000Z'],
  ])('accepts %s', (value, expected) => {
    expect(parseScheduledFor(value, now)?.toISOString()).toBe(expected);
  });

  it.each([
    '2026-11-22T12:00:59Z', // 59 s ahead
    '2026-11-22T11:00:00Z', // past
    '2027-11-22T12:00:01Z', // > 365 days
    '2026-11-23T12:00:00', // no zone
    '2026-11-23', // date only
    '2026-11-23T12:00Z', // no seconds
    '2027-02-29T12:00:00Z', // not a leap year
    '2026-13-01T12:00:00Z',
    '2026-11-23T24:00:00Z',
    '2026-11-23T12:00:00+25:00',
    'next tuesday',
    '',
  ])('refuses %p with INVALID_SCHEDULED_TIME', (value) => {
    expect(code(() => parseScheduledFor(value, now))).toBe('INVALID_SCHEDULED_TIME');
  });

  it('treats absent and null as "publish now"', () => {
    expect(parseScheduledFor(undefined, now)).toBeNull();
    expect(parseScheduledFor(null, now)).toBeNull();
  });

  it('accepts leap days that exist', () => {
    expect(parseIsoDateTime('2028-02-29T00:00:00Z')?.toISOString()).toBe('2028-02-29T00:00:00.000Z');
  });
});
