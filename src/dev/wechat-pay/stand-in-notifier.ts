import { randomUUID } from 'node:crypto';
import { beijingTime, encryptResource, signWechatpay } from '../../server/wechat/pay/v3';

/**
 * The stand-in's notifications, as WeChat Pay sends them: the resource encrypted with the APIv3
 * key, the headers signed with the platform key (afresh for each attempt: a retry carries a new
 * timestamp), retried until the receiver answers 2xx or the attempts run out.
 */
export interface NotificationAttempt {
  url: string;
  eventType: string;
  id: string;
  attempt: number;
  /** The receiver's answer; null when it gave none (or the attempt was "lost"). */
  status: number | null;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function createNotifier(opts: { apiV3Key: string; platformPrivateKey: string; platformSerial: string; retryDelaysMs: number[] }) {
  const notifications: NotificationAttempt[] = [];
  const deliveries = new Set<Promise<void>>();
  let stopped = false;
  let lost = 0;

  async function attempt(url: string, body: string): Promise<number | null> {
    if (lost > 0) {
      lost--;
      return null;
    }
    const headers = {
      'content-type': 'application/json',
      ...signWechatpay({ privateKey: opts.platformPrivateKey, serial: opts.platformSerial, body }),
    };
    try {
      const res = await fetch(url, { method: 'POST', headers, body, signal: AbortSignal.timeout(5000) });
      await res.body?.cancel().catch(() => {});
      return res.status;
    } catch {
      return null;
    }
  }

  return {
    notifications,
    notify(url: string, eventType: string, summary: string, originalType: 'transaction' | 'refund', resource: unknown) {
      const id = randomUUID();
      const body = JSON.stringify({
        id,
        create_time: beijingTime(Date.now()),
        resource_type: 'encrypt-resource',
        event_type: eventType,
        summary,
        resource: encryptResource(opts.apiV3Key, JSON.stringify(resource), { associatedData: originalType, originalType }),
      });
      const deliver = async () => {
        for (let n = 0; n <= opts.retryDelaysMs.length && !stopped; n++) {
          if (n > 0) await sleep(opts.retryDelaysMs[n - 1] ?? 0);
          if (stopped) return;
          const status = await attempt(url, body);
          notifications.push({ url, eventType, id, attempt: n, status });
          if (status !== null && status >= 200 && status < 300) return;
        }
      };
      const delivery = deliver().finally(() => deliveries.delete(delivery));
      deliveries.add(delivery);
    },
    /** The next `attempts` deliveries are lost on the way (the receiver never sees them). */
    lose(attempts: number) {
      lost += attempts;
    },
    /** Resolves once every notification under way has been delivered or given up. */
    async settled() {
      while (deliveries.size) await Promise.all([...deliveries]);
    },
    stop() {
      stopped = true;
    },
  };
}
