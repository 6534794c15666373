import { useEffect, useState } from 'react';
import { useApp } from '../app-context';

/**
 * A moment in the reader's time zone. The server does not know it, so its markup says UTC (with
 * the zone named); once hydrated, the browser writes the same moment in its own zone.
 */
export function LocalTime({ at, style = 'medium' }: { at: number; style?: 'medium' | 'long' | 'date' }) {
  const { locale } = useApp();
  const [zone, setZone] = useState<string | undefined>('UTC');
  useEffect(() => setZone(undefined), []);
  // Field by field: dateStyle cannot be combined with timeZoneName.
  const day: Intl.DateTimeFormatOptions = { year: 'numeric', month: style === 'long' ? 'long' : 'short', day: 'numeric' };
  const opts: Intl.DateTimeFormatOptions =
    style === 'date' ? day : { ...day, hour: '2-digit', minute: '2-digit', ...(zone ? { timeZoneName: 'short' } : {}) };
  const text = new Intl.DateTimeFormat(locale, { ...opts, timeZone: zone }).format(at);
  return <time dateTime={new Date(at).toISOString()}>{text}</time>;
}
