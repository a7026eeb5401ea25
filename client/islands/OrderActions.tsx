import { useState } from 'react';
import { API } from '../../shared/api-routes.ts';
import { MSG } from '../../shared/messages.ts';
import { api } from '../api.ts';
import * as m from '../../shared/i18n/generated/messages.js';

export const ORDER_ACTION_MSG = {
  get cancelled() {
    return m.order_cancelled();
  },
  refund: (total: string) => m.order_refund_on_way({ total }),
  get confirmCancel() {
    return m.order_confirm_cancel();
  },
  get confirmRemove() {
    return m.order_confirm_remove();
  },
  get removed() {
    return m.order_removed();
  },
};

export interface OrderActionsProps {
  orderId: string;
  /** Still processing (OrderView.cancellable). */
  cancellable: boolean;
  /** Cancelled or refunded: nothing more will happen to it. */
  removable: boolean;
  /** The order total as the shopper reads it, for the refund message. */
  total: string;
}

type Action = 'cancel' | 'remove';
type Phase = 'idle' | 'busy' | 'removed' | { confirm: Action };

const messageOf = (error: unknown): string => {
  const msg = (error as { msg?: unknown } | null)?.msg;
  return typeof msg === 'string' && msg ? msg : MSG.serverError;
};

/**
 * Cancel an order while it is processing, or take a cancelled or refunded one out of the history:
 * each asks first, then shows the outcome or the server's message in place.
 */
export default function OrderActions({ orderId, cancellable, removable, total }: OrderActionsProps) {
  const [phase, setPhase] = useState<Phase>('idle');
  const [cancelled, setCancelled] = useState<{ refunded: boolean } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const canCancel = cancellable && cancelled === null;
  // Once cancelled here, the order may leave the history like any other cancelled one.
  const canRemove = removable || cancelled !== null;

  async function run(action: Action) {
    setError(null);
    setPhase('busy');
    try {
      if (action === 'cancel') {
        setCancelled({ refunded: (await api.call(API.orderCancel, { orderId })).refunded });
        setPhase('idle');
      } else {
        await api.call(API.orderRemove, undefined, { params: { orderId } });
        setPhase('removed');
      }
    } catch (failure) {
      setError(messageOf(failure));
      setPhase('idle');
    }
  }

  if (phase === 'removed')
    return (
      <p className="order-action__done" role="status">
        {ORDER_ACTION_MSG.removed}
      </p>
    );
  if (!canCancel && !canRemove) return null;
  const confirming = typeof phase === 'object' ? phase.confirm : null;
  return (
    <div
      className="order-action"
      data-order-action={confirming ? `confirm-${confirming}` : cancelled ? 'cancelled' : phase}
    >
      {cancelled && (
        <p className="order-action__done" role="status">
          {ORDER_ACTION_MSG.cancelled}
          {cancelled.refunded && <> {ORDER_ACTION_MSG.refund(total)}</>}
        </p>
      )}
      {confirming ? (
        <div
          className="order-action__confirm"
          role="group"
          aria-label={confirming === 'cancel' ? m.order_confirm_cancellation() : m.order_confirm_removal()}
        >
          <p>{confirming === 'cancel' ? ORDER_ACTION_MSG.confirmCancel : ORDER_ACTION_MSG.confirmRemove}</p>
          <button type="button" className="button" onClick={() => void run(confirming)}>
            {confirming === 'cancel' ? m.order_yes_cancel() : m.order_yes_remove()}
          </button>
          <button type="button" className="button button--plain" onClick={() => setPhase('idle')}>
            {confirming === 'cancel' ? m.order_keep() : m.order_keep_it()}
          </button>
        </div>
      ) : (
        <p className="order-action__buttons">
          {canCancel && (
            <button
              type="button"
              className="button"
              disabled={phase === 'busy'}
              onClick={() => setPhase({ confirm: 'cancel' })}
            >
              {m.order_cancel()}
            </button>
          )}
          {canRemove && (
            <button
              type="button"
              className="button button--plain"
              disabled={phase === 'busy'}
              onClick={() => setPhase({ confirm: 'remove' })}
            >
              {m.order_remove_history()}
            </button>
          )}
        </p>
      )}
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
