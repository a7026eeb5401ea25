import * as m from './i18n/generated/messages.js';
import { statusMachine } from './status-machine.ts';

/** A return's statuses and every move between them (issue 20): the one place a set of return statuses is written. */

/** A return's statuses, in the order a return usually moves through them. */
export const RETURN_STATUSES = ['REQUESTED', 'NEEDS_EVIDENCE', 'APPROVED', 'REJECTED', 'RECEIVED', 'REFUNDED'] as const;
export type ReturnStatus = (typeof RETURN_STATUSES)[number];

/** Each status's words in the language spoken (English: as the shop always named them; French on French pages). */
export const RETURN_STATUS_LABEL: Record<ReturnStatus, string> = {
  get REQUESTED() {
    return m.return_status_requested();
  },
  get NEEDS_EVIDENCE() {
    return m.return_status_needs_evidence();
  },
  get APPROVED() {
    return m.return_status_approved();
  },
  get REJECTED() {
    return m.return_status_rejected();
  },
  get RECEIVED() {
    return m.return_status_received();
  },
  get REFUNDED() {
    return m.return_status_refunded();
  },
};

export const RETURN_EVENTS = {
  /** The shopper asks for it, with the evidence its reason needs. */
  request: { from: [null], to: ['REQUESTED'], by: ['shopper'] },
  /** The shop asks for more evidence. */
  askForEvidence: { from: ['REQUESTED'], to: ['NEEDS_EVIDENCE'], by: [{ staff: 'returns.decide' }] },
  /** The shopper sends it: the return is asked again. */
  addEvidence: { from: ['NEEDS_EVIDENCE'], to: ['REQUESTED'], by: ['shopper'] },
  /** Approved, with how to send the parts back. */
  approve: { from: ['REQUESTED', 'NEEDS_EVIDENCE'], to: ['APPROVED'], by: [{ staff: 'returns.decide' }] },
  /** Rejected before the parts arrived: its units can be returned again. */
  reject: {
    from: ['REQUESTED', 'NEEDS_EVIDENCE', 'APPROVED'],
    to: ['REJECTED'],
    by: [{ staff: 'returns.decide' }],
  },
  /** A core (issue 40) refused on inspection after it arrived (cracked, another part): its deposit is kept. */
  refuseCore: { from: ['RECEIVED'], to: ['REJECTED'], by: [{ staff: 'returns.decide' }] },
  /** The parts arrived at the shop. */
  receive: { from: ['APPROVED'], to: ['RECEIVED'], by: [{ staff: 'returns.receive' }] },
  /** Refunded, less any restocking fee. */
  refund: { from: ['APPROVED', 'RECEIVED'], to: ['REFUNDED'], by: [{ staff: 'returns.decide' }] },
} as const;
export type ReturnEvent = keyof typeof RETURN_EVENTS;

export const returnStatus = statusMachine<ReturnStatus, ReturnEvent>('return', RETURN_STATUSES, RETURN_EVENTS);

/** Every return but a rejected one holds its units: they cannot be returned again. */
export const RETURN_HOLDING_STATUSES: readonly ReturnStatus[] = RETURN_STATUSES.filter(
  (status) => status !== 'REJECTED',
);
/** A return still being handled: its order stays RETURNING until every return is rejected or refunded. */
export const RETURN_OPEN_STATUSES: readonly ReturnStatus[] = RETURN_STATUSES.filter(
  (status) => status !== 'REJECTED' && status !== 'REFUNDED',
);
/** A return that can be refunded now. */
export const RETURN_REFUNDABLE_STATUSES = returnStatus.from('refund');
