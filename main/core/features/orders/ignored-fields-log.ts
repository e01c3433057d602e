import type { IgnoredField } from '../../foundations/ignored-fields';
import type { Logger } from '../../foundations/logger';

const HOUR_MS = 60 * 60 * 1000;
/** Keys and fields remembered; past it the oldest are forgotten (and may be logged again). */
const REMEMBERED = 10_000;

/**
 * Says on the terminal which fields an integrator's orders carry that the station ignores,
 * once per API key and field per hour: a WMS that sends `customer.name` with every order
 * should be heard, not repeated ten thousand times. Array positions count as one field
 * (`order.lineItems.*.colour`).
 */
export function ignoredFieldsLog(logger: Logger, now: () => number = Date.now) {
  const lastLogged = new Map<string, number>();
  return (keyId: string, team: string, orderNumber: string, warnings: IgnoredField[]): void => {
    const at = now();
    const fresh = new Set<string>();
    for (const { path } of warnings) {
      const field = path.replace(/\.\d+(?=\.|$)/g, '.*');
      const id = `${keyId}\u0000${field}`;
      const last = lastLogged.get(id);
      if (last !== undefined && at - last < HOUR_MS) continue;
      lastLogged.delete(id);
      lastLogged.set(id, at);
      fresh.add(field);
    }
    while (lastLogged.size > REMEMBERED) lastLogged.delete(lastLogged.keys().next().value!);
    if (fresh.size === 0) return;
    logger.info(`order ${orderNumber} taken; fields it carries that the order API ignores: ${[...fresh].join(', ')} (said once an hour per key and field)`, { team, keyId });
  };
}
