import type { ReactNode } from 'react';
import type { Currency } from '../../../shared/markets.ts';
import { formatMoney } from '../../../shared/money.ts';
import { STAFF_RETURN_LIMITS, type StaffReturnView } from '../../returns/staff.ts';
import type { ReturnForm, ReturnProblem } from '../returns.ts';
import { CsrfField } from './CsrfField.tsx';

interface FormProps {
  view: StaffReturnView;
  csrf: string;
  /** The refusal of this form's last post, with what was typed. */
  problem?: ReturnProblem;
}

/** Money in the return's order currency (the view gives it as text; orders hold only the markets' currencies). */
export const moneyOf = (view: StaffReturnView) => (cent: number) =>
  formatMoney({ cent, currency: view.order.currency as Currency });

const NOTE_MAX = STAFF_RETURN_LIMITS.noteMaxLength;

const FORM_LABEL: Record<ReturnForm, string> = {
  approve: 'Approve',
  reject: 'Reject',
  'ask-evidence': 'Ask for more evidence',
  received: 'Mark received',
  refund: 'Refund',
};

/** One of the return page's forms: its heading, the CSRF field, the refusal at the top, and its fields. */
function ReturnFormPanel(props: FormProps & { which: ReturnForm; children: ReactNode }) {
  const { view, which, problem } = props;
  return (
    <form
      method="post"
      action={`/admin/returns/${encodeURIComponent(view.rma)}/${which}`}
      className="panel"
      aria-label={FORM_LABEL[which]}
    >
      <h2>{FORM_LABEL[which]}</h2>
      <CsrfField value={props.csrf} />
      {problem && (
        <p className="error" role="alert">
          {problem.message}
        </p>
      )}
      {props.children}
    </form>
  );
}

const typed = (problem: ReturnProblem | undefined, name: string) => problem?.input[name] ?? '';

/** Approve: how the shopper sends the parts back, written out, as a prepaid label number, or both. */
export function ApproveForm(props: FormProps) {
  return (
    <ReturnFormPanel {...props} which="approve">
      <label className="field">
        Return shipping instructions{' '}
        <textarea
          name="instructions"
          rows={3}
          maxLength={NOTE_MAX}
          defaultValue={typed(props.problem, 'instructions')}
        />
      </label>
      <label className="field">
        Prepaid label number{' '}
        <input
          name="labelNumber"
          maxLength={STAFF_RETURN_LIMITS.labelMaxLength}
          autoComplete="off"
          defaultValue={typed(props.problem, 'labelNumber')}
        />
      </label>
      <p className="hint">Give instructions, a prepaid label number, or both. The shopper is emailed them.</p>
      <button type="submit">Approve return</button>
    </ReturnFormPanel>
  );
}

/** Reject, with the reason the shopper is emailed. */
export function RejectForm(props: FormProps) {
  return (
    <ReturnFormPanel {...props} which="reject">
      <label className="field">
        Reason (sent to the shopper){' '}
        <textarea name="reason" rows={3} maxLength={NOTE_MAX} required defaultValue={typed(props.problem, 'reason')} />
      </label>
      <button type="submit" className="secondary">
        Reject return
      </button>
    </ReturnFormPanel>
  );
}

/** Ask the shopper for more evidence: they are emailed the message and can add files to the return. */
export function AskEvidenceForm(props: FormProps) {
  return (
    <ReturnFormPanel {...props} which="ask-evidence">
      <label className="field">
        What is missing (sent to the shopper){' '}
        <textarea
          name="message"
          rows={3}
          maxLength={NOTE_MAX}
          required
          defaultValue={typed(props.problem, 'message')}
        />
      </label>
      <button type="submit" className="secondary">
        Ask for more evidence
      </button>
    </ReturnFormPanel>
  );
}

/** Mark the parts received at the warehouse, with a note on their state. */
export function ReceivedForm(props: FormProps) {
  return (
    <ReturnFormPanel {...props} which="received">
      <label className="field">
        Note on the parts received{' '}
        <textarea name="note" rows={2} maxLength={NOTE_MAX} defaultValue={typed(props.problem, 'note')} />
      </label>
      <button type="submit">Mark received</button>
    </ReturnFormPanel>
  );
}

/** Refund units of the returned lines through the order's payment, less an optional restocking fee. */
export function RefundReturnForm(props: FormProps) {
  const { view, problem } = props;
  const money = moneyOf(view);
  const units = (lineNo: number, returned: number) => typed(problem, `rqty_${lineNo}`) || String(returned);
  const value = view.lines.reduce((sum, line) => sum + line.unitPaid * line.quantity, 0);
  return (
    <ReturnFormPanel {...props} which="refund">
      <input type="hidden" name="_key" value={crypto.randomUUID()} />
      <div className="table-scroll">
        <table className="stack-table">
          <thead>
            <tr>
              <th>Part</th>
              <th className="num">Returned</th>
              <th className="num">Price paid</th>
              <th className="num">Refund units</th>
            </tr>
          </thead>
          <tbody>
            {view.lines.map((line) => (
              <tr key={line.lineNo}>
                <td>{`${line.title} (${line.partNumber})`}</td>
                <td className="num" data-label="Returned">
                  {line.quantity}
                </td>
                <td className="num" data-label="Price paid">
                  {money(line.unitPaid)}
                </td>
                <td className="num" data-label="Refund units">
                  <input
                    type="number"
                    name={`rqty_${line.lineNo}`}
                    min={0}
                    max={line.quantity}
                    defaultValue={units(line.lineNo, line.quantity)}
                    aria-label={`Refund units of ${line.partNumber}`}
                    className="qty"
                  />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <p data-testid="return-value">
        {`The returned units were paid ${money(value)} before tax; their tax is refunded with them.`}
      </p>
      <label className="field">
        {`Restocking fee (${view.order.currency}) `}
        <input
          name="fee"
          inputMode="decimal"
          placeholder="0.00"
          autoComplete="off"
          defaultValue={typed(problem, 'fee')}
          aria-invalid={problem?.field === 'fee' || problem?.field === 'feeCent' ? true : undefined}
        />
      </label>
      <p className="hint">The fee is kept from the refund: the shopper gets the units' value less the fee.</p>
      <label>
        <input type="checkbox" name="restock" defaultChecked={problem ? problem.input.restock === 'on' : false} /> Put
        the parts back in stock (resellable)
      </label>
      <button type="submit">Refund</button>
    </ReturnFormPanel>
  );
}
