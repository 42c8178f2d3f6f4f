/** A number of whole days in the reader's language ("30 days", "30 Tage", "30天"). */
export function dayCount(days: number, language: string): string {
  return new Intl.NumberFormat(language, { style: 'unit', unit: 'day', unitDisplay: 'long' }).format(days);
}

/** A UTC day as the server names it ("2026-11-26"), in the reader's language ("26 Nov 2026"). */
export function dayName(day: string, language: string): string {
  return new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeZone: 'UTC' }).format(
    new Date(`${day}T00:00:00Z`),
  );
}
