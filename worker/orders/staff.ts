/**
 * Orders' staff door (issue 19): the back office's order search, the figures of its dashboard and
 * customers pages, staff notes, the units left to ship and a shipment marked delivered, and the
 * messages of the shop's shipping and refund forms (shipping, refunding and cancelling are flows),
 * and the language a member's latest order speaks (what the back office's emails to them speak).
 */

export { addOrderNote, NOTE_MSG, orderNotes, type OrderNote } from './notes.ts';
export { FULFIL_MSG, markDelivered, unitsLeftToShip, type FulfilResult, type ShipmentInput } from './fulfilment.ts';
export { REFUND_MSG, type RefundInput } from './refunds.ts';
export {
  memberOrderLanguage,
  staffAccountOrders,
  staffOrderCounts,
  staffOrderFigures,
  staffOrderSearch,
} from './staff-repository.ts';
export type { StaffOrderFilter } from './records.ts';
