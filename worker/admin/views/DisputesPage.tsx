import { DISPUTE_STATUS_LABEL } from '../../../shared/payment-movements.ts';
import type { orderView } from '../../orders/service.ts';
import type { DisputeRecord } from '../../payments/staff.ts';
import { placedAt } from './OrdersPage.tsx';
import { moneyIn, PROVIDER_LABEL } from './ProviderMoney.tsx';

type Order = NonNullable<Awaited<ReturnType<typeof orderView>>>;

/** What the shop holds to answer a chargeback: the order, what shipped where, and when it arrived. */
function Evidence({ order }: { order: Order }) {
  const money = moneyIn(order.currency);
  const address = order.address;
  return (
    <dl className="panel facts" aria-label="Evidence">
      <dt>Order</dt>
      <dd>
        <a href={`/admin/orders/${order.orderId}`}>{order.orderId}</a>
        {` · placed ${placedAt(order.createdAt)} UTC · ${order.email} · ${money(order.total)}`}
      </dd>
      <dt>Parts</dt>
      <dd>{order.lines.map((line) => `${line.quantity} x ${line.title} (${line.partNumber})`).join('; ')}</dd>
      <dt>Ship to</dt>
      <dd>
        {[
          `${address.firstName} ${address.lastName}`,
          address.addressLine1,
          address.addressLine2,
          address.city,
          `${address.regionCode} ${address.postalCode}`,
        ]
          .filter(Boolean)
          .join(', ')}
      </dd>
      <dt>Shipments</dt>
      <dd>
        {order.shipments.length === 0
          ? 'Nothing has shipped.'
          : order.shipments.map((shipment) => (
              <p key={shipment.id} data-evidence-shipment={shipment.trackingNumber}>
                {`${shipment.carrierName} ${shipment.trackingNumber} · shipped ${placedAt(shipment.shippedAt)} UTC · `}
                {shipment.deliveredAt === null
                  ? 'not delivered yet'
                  : `delivered ${placedAt(shipment.deliveredAt)} UTC`}
              </p>
            ))}
      </dd>
    </dl>
  );
}

/** The disputes queue: each open chargeback is a task, with its deadline and the shop's evidence. */
export function DisputesPage({ disputes }: { disputes: readonly { dispute: DisputeRecord; order: Order | null }[] }) {
  return (
    <section>
      <h1>Payment disputes</h1>
      <p className="panel">
        Chargebacks the payment providers reported and nobody has answered yet, oldest first. Answer each in the
        provider's dashboard before its deadline with the evidence below; the provider's decision closes it here.
      </p>
      {disputes.length === 0 && <p className="panel">No open disputes.</p>}
      <ol aria-label="Open disputes">
        {disputes.map(({ dispute, order }) => (
          <li key={`${dispute.provider}${dispute.ref}`} data-dispute={dispute.ref}>
            <h2>{`${PROVIDER_LABEL[dispute.provider] ?? dispute.provider} dispute ${dispute.ref}`}</h2>
            <p className="panel">
              {[
                moneyIn(dispute.currency)(dispute.amountCent),
                `reason: ${dispute.reason}`,
                DISPUTE_STATUS_LABEL[dispute.status],
                `opened ${placedAt(dispute.openedAt)} UTC`,
                dispute.evidenceDueAt === null
                  ? 'no deadline given'
                  : `evidence due ${placedAt(dispute.evidenceDueAt)} UTC`,
              ].join(' · ')}
            </p>
            {order ? <Evidence order={order} /> : <p className="panel">The provider named no order of this shop.</p>}
          </li>
        ))}
      </ol>
    </section>
  );
}
