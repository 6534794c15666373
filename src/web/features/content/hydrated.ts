import { useEffect, useState } from 'react';

/**
 * False in the server's markup and until this island has hydrated. React does not replay a click
 * made on server markup whose code has not arrived yet, so the islands' buttons stay disabled
 * until they work instead of swallowing the tap.
 */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}
