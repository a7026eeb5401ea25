import type { ShipLimit } from '../../shared/shipping-limits.ts';

/**
 * How a part limits the shipping options where the order is going, and why, naming it (issue 40 item
 * 4: hazardous parts by ground only or not at all, freight-only and oversize parts), on its cart and
 * checkout line. A part that cannot go there at all is an alert.
 */
export function ShipLimitNote({ limit }: { limit: ShipLimit }) {
  const refused = limit.kind === 'NO_ROUTE';
  return (
    <p
      className={`ship-limit${refused ? ' ship-limit--refused' : ''}`}
      role={refused ? 'alert' : undefined}
      data-ship-limit={limit.kind}
    >
      {limit.message}
    </p>
  );
}
