import { useState } from 'react';
import { showToast } from '../../ui/toast';

/**
 * A console card's action: `run(call, done)` disables the card's buttons while the call is under
 * way, says `done` when it succeeds and then calls `after` (reload the list). A refusal is already
 * shown by the API client's toast.
 */
export function useAction(after: () => unknown) {
  const [busy, setBusy] = useState(false);
  const run = async (call: () => Promise<unknown>, done: string) => {
    setBusy(true);
    try {
      await call();
      showToast(done);
      await after();
    } catch {
      // The client's toast says why.
    } finally {
      setBusy(false);
    }
  };
  return { busy, run };
}
