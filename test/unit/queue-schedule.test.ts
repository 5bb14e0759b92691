import { DomainError } from '#shared/domain/errors';
import { readSchedule, slotInstants, zonedInstant, type QueueSchedule } from '#shared/domain/queue-schedule';

/** The posting queue's slot arithmetic (docs/api.md, "Posting queue"), with the UTC instants spelled out. */
const weekdays = ['mon', 'tue', 'wed', 'thu', 'fri'] as const;
const berlin: QueueSchedule = {
  timezone: 'Europe/Berlin',
  slots: weekdays.flatMap((day) => [
    { day, time: '09:00' },
    { day, time: '13:00' },
  ]),
};
const iso = (dates: Date[]) => dates.map((date) => date.toISOString());
const firstThree = (schedule: QueueSchedule, nowIso: string) => {
  const earliest = new Date(Date.parse(nowIso) + 60_000);
  return iso(slotInstants(schedule, earliest, new Date(earliest.getTime() + 14 * 86_400_000)).slice(0, 3));
};

describe('queue slots', () => {
  it('Berlin Mon-Fri 09:00/13:00, clock Friday 12:59:30 local (CET): Friday 13:00 is under 60 s ahead, so Mon 09:00, Mon 13:00, Tue 09:00', () => {
    // Friday 2026-11-27 12:59:30 CET = 11:59:30Z.
    expect(firstThree(berlin, '2026-11-27T11:59:30.000Z')).toEqual([
      '2026-11-30T08:00:00.000Z', // Monday 09:00 CET
      '2026-11-30T12:00:00.000Z', // Monday 13:00 CET
      '2026-12-01T08:00:00.000Z', // Tuesday 09:00 CET
    ]);
  });

  it('at Friday 12:58:59 local the Friday 13:00 slot is still 61 s ahead and is the first', () => {
    expect(firstThree(berlin, '2026-11-27T11:58:59.000Z')[0]).toBe('2026-11-27T12:00:00.000Z');
  });

  it('across the end of daylight saving time (Sunday 2026-10-25): Friday in CEST (UTC+2), Monday in CET (UTC+1)', () => {
    // Friday 2026-10-23 12:59:30 CEST = 10:59:30Z.
    expect(firstThree(berlin, '2026-10-23T10:59:30.000Z')).toEqual([
      '2026-10-26T08:00:00.000Z', // Monday 09:00 CET (would be 07:00Z in CEST)
      '2026-10-26T12:00:00.000Z',
      '2026-10-27T08:00:00.000Z',
    ]);
  });

  it('a slot inside the autumn overlap is its first occurrence (02:30 CEST, not 02:30 CET)', () => {
    const schedule: QueueSchedule = { timezone: 'Europe/Berlin', slots: [{ day: 'sun', time: '02:30' }] };
    expect(iso(slotInstants(schedule, new Date('2026-10-24T00:00:00Z'), new Date('2026-10-26T00:00:00Z')))).toEqual([
      '2026-10-25T00:30:00.000Z',
    ]);
    expect(zonedInstant('Europe/Berlin', { year: 2026, month: 10, day: 25, hour: 2, minute: 30 })?.toISOString()).toBe(
      '2026-10-25T00:30:00.000Z',
    );
  });

  it('America/New_York spring-forward (Sunday 2027-03-14): 02:30 does not exist that day and is skipped; 09:00 is EDT', () => {
    const schedule: QueueSchedule = {
      timezone: 'America/New_York',
      slots: [
        { day: 'sun', time: '02:30' },
        { day: 'sun', time: '09:00' },
      ],
    };
    // From Saturday 2027-03-06 noon EST (17:00Z), three Sundays.
    expect(iso(slotInstants(schedule, new Date('2027-03-06T17:00:00Z'), new Date('2027-03-22T00:00:00Z')))).toEqual([
      '2027-03-07T07:30:00.000Z', // 02:30 EST (UTC-5)
      '2027-03-07T14:00:00.000Z', // 09:00 EST
      // 2027-03-14 02:30 skipped: clocks jump from 02:00 EST to 03:00 EDT
      '2027-03-14T13:00:00.000Z', // 09:00 EDT (UTC-4)
      '2027-03-21T06:30:00.000Z', // 02:30 EDT
      '2027-03-21T13:00:00.000Z',
    ]);
    expect(zonedInstant('America/New_York', { year: 2027, month: 3, day: 14, hour: 2, minute: 30 })).toBeUndefined();
  });

  it('a zone ahead of UTC near midnight keeps the slot on its local day', () => {
    const schedule: QueueSchedule = { timezone: 'Pacific/Auckland', slots: [{ day: 'mon', time: '00:15' }] };
    // Monday 2026-11-30 00:15 NZDT (UTC+13) = Sunday 11:15Z.
    expect(iso(slotInstants(schedule, new Date('2026-11-29T00:00:00Z'), new Date('2026-12-01T00:00:00Z')))).toEqual([
      '2026-11-29T11:15:00.000Z',
    ]);
  });
});

describe('reading a schedule', () => {
  const fieldOf = (input: { timezone: unknown; slots: unknown }) => {
    try {
      readSchedule(input);
    } catch (error) {
      expect(error).toBeInstanceOf(DomainError);
      return [(error as DomainError).code, (error as DomainError).extras.field];
    }
    return undefined;
  };

  it('canonicalises the zone, merges duplicates and sorts by weekday then time', () => {
    expect(
      readSchedule({
        timezone: 'europe/berlin',
        slots: [
          { day: 'tue', time: '09:00' },
          { day: 'mon', time: '13:00' },
          { day: 'mon', time: '09:00' },
          { day: 'tue', time: '09:00' },
        ],
      }),
    ).toEqual({
      timezone: 'Europe/Berlin',
      slots: [
        { day: 'mon', time: '09:00' },
        { day: 'mon', time: '13:00' },
        { day: 'tue', time: '09:00' },
      ],
    });
  });

  it.each([
    [{ timezone: 'Mars/Olympus', slots: [] }, 'timezone'],
    [{ timezone: 42, slots: [] }, 'timezone'],
    [{ timezone: '', slots: [] }, 'timezone'],
    [{ timezone: 'UTC', slots: [{ day: 'monday', time: '09:00' }] }, 'slots'],
    [{ timezone: 'UTC', slots: [{ day: 'mon', time: '9:00' }] }, 'slots'],
    [{ timezone: 'UTC', slots: [{ day: 'mon', time: '24:00' }] }, 'slots'],
    [{ timezone: 'UTC', slots: [{ day: 'mon', time: '09:00', extra: 1 }] }, 'slots'],
    [{ timezone: 'UTC', slots: ['mon 09:00'] }, 'slots'],
    [{ timezone: 'UTC', slots: 'mon' }, 'slots'],
    [
      { timezone: 'UTC', slots: Array.from({ length: 51 }, (_, i) => ({ day: 'mon', time: `00:${String(i % 60).padStart(2, '0')}` })) },
      'slots',
    ],
  ])('%j → INVALID_FIELD %s', (input, field) => {
    expect(fieldOf(input)).toEqual(['INVALID_FIELD', field]);
  });
});
