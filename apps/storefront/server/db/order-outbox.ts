import type { Queryable } from '#runtime/database';
import type { Locale } from '#runtime/shared';

/**
 * Queues the confirmation of an order, in the buyer's language, for a mailer to send (migration 0013). Once per
 * order: a retried checkout that lands on the same order queues nothing more.
 */
export async function queueOrderConfirmation(db: Queryable, orderId: string, locale: Locale): Promise<void> {
  await db.query(
    'insert into order_outbox (order_id, locale) values ($1, $2) on conflict (order_id) do nothing',
    [orderId, locale],
  );
}
