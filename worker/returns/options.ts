import { RETURNABLE_ORDER_STATUSES } from '../../shared/order-status.ts';
import type { ReturnOptionsAnswer } from '../../shared/api/returns.ts';
import { RETURN_MSG, returnPagePath } from '../../shared/returns.ts';
import { RETURN_STATUS_LABEL } from '../../shared/return-status.ts';
import type { Vehicle } from '../../shared/vehicle.ts';
import type { OrderView } from '../../shared/orders.ts';
import { isCoreLine } from '../../shared/core-charges.ts';
import type { Bindings } from '../env.ts';
import {
  accessibleOrder,
  orderView,
  returnableLines,
  returnWindowDays,
  type OrderAccess,
  type ReturnableLine,
} from '../orders/service.ts';
import { memberGarage, vehicleById } from '../vehicles/service.ts';
import { returnRepository } from './repository.ts';

/**
 * What the return form of an order offers (issue 20): each shipped line with the units that can
 * still go back and until when, the fit each was sold with, the vehicles "Part doesn't fit" can
 * start from (the order's, then the member's garage), and the order's returns so far.
 */

type Offered = ReturnOptionsAnswer['vehicles'][number];

const offered = (vehicle: Vehicle | null): Offered | null => {
  const year = Number(vehicle?.year.text);
  if (!vehicle || !Number.isInteger(year)) return null;
  const label = `${year} ${vehicle.make.text} ${vehicle.model.text}`;
  return { label, year, make: vehicle.make.text, model: vehicle.model.text };
};

/** The order's vehicle first, then the garage's, each once. */
async function vehiclesFor(db: D1Database, vehicleId: number | null, accountId: number | null) {
  const list: Offered[] = [];
  const add = (vehicle: Offered | null) => {
    if (vehicle && !list.some((known) => known.label === vehicle.label)) list.push(vehicle);
  };
  if (vehicleId !== null) add(offered(await vehicleById(db, vehicleId).catch(() => null)));
  if (accountId !== null) for (const saved of await memberGarage(db, accountId)) add(offered(saved));
  return list;
}

const orderedLine = (view: OrderView, line: { lineNo: number }) =>
  view.lines.find((candidate) => candidate.lineNo === line.lineNo)!;

/** A core deposit's way back (issue 40): open until its window closes, returned once every unit is in a return. */
function coreOption(
  line: ReturnableLine,
  ordered: OrderView['lines'][number],
  held: ReadonlyMap<number, number>,
  now: number,
): ReturnOptionsAnswer['cores'][number] {
  const returnable = Math.max(0, line.shipped - (held.get(line.lineNo) ?? 0));
  const state = returnable === 0 ? 'RETURNED' : now > line.windowEndsAt ? 'KEPT' : 'OPEN';
  const { lineNo, title, windowEndsAt } = line;
  return { lineNo, title, unitCharge: ordered.unitPrice, returnable, windowEndsAt, state };
}

export async function returnOptions(env: Bindings, access: OrderAccess, now: number): Promise<ReturnOptionsAnswer> {
  const order = await accessibleOrder(env, access, now);
  const returns = returnRepository(env.DB);
  const [view, held, made, windowDays] = await Promise.all([
    orderView(env.DB, order.id),
    returns.heldUnits(order.id),
    returns.returnsOfOrder(order.id),
    returnWindowDays(env),
  ]);
  // The form returns parts; a core deposit goes back through its own core return (the order page's button).
  const shipped = view ? returnableLines(view, windowDays) : [];
  const parts = view ? shipped.filter((line) => !isCoreLine(orderedLine(view, line))) : [];
  const cores = view
    ? shipped
        .filter((line) => isCoreLine(orderedLine(view, line)))
        .map((line) => coreOption(line, orderedLine(view, line), held, now))
    : [];
  const lines = view
    ? parts.map((line) => {
        const ordered = view.lines.find((candidate) => candidate.lineNo === line.lineNo)!;
        return {
          lineNo: line.lineNo,
          title: line.title,
          partNumber: line.partNumber,
          imageUrl: ordered.imageUrl,
          returnable: Math.max(0, line.shipped - (held.get(line.lineNo) ?? 0)),
          windowEndsAt: line.windowEndsAt,
          fit: ordered.fit ?? null,
        };
      })
    : [];
  const open = lines.filter((line) => line.returnable > 0 && now <= line.windowEndsAt);
  const refusal =
    !RETURNABLE_ORDER_STATUSES.includes(order.status) || lines.every((line) => line.returnable === 0)
      ? RETURN_MSG.notReturnable
      : open.length === 0
        ? RETURN_MSG.windowClosed(windowDays)
        : null;
  return {
    orderId: order.id,
    refusal,
    lines,
    vehicles: refusal ? [] : await vehiclesFor(env.DB, view?.vehicle?.id ?? null, order.accountId),
    cores,
    returns: made.map((row) => ({
      rma: row.rma,
      status: row.status,
      statusLabel: RETURN_STATUS_LABEL[row.status],
      // The page's address carries no token: a guest's browser holds it in the order's cookie (orders/http.ts).
      url: returnPagePath(row.rma, null),
    })),
  };
}
