import { type FormEvent, useRef, useState } from 'react';
import * as m from '../../shared/i18n/generated/messages.js';
import { localPath } from '../../shared/i18n/current.ts';
import type { CreateReturnBody, ReturnOptionsAnswer } from '../../shared/api/returns.ts';
import { API } from '../../shared/api-routes.ts';
import {
  RETURN_MSG,
  evidenceWords,
  reasonWords,
  RETURN_REASON_LIST,
  RETURN_REASONS,
  type ReturnReason,
  returnPagePath,
} from '../../shared/returns.ts';
import { api } from '../api.ts';
import {
  DisabledReason,
  type FieldErrors,
  FormError,
  failureText,
  fieldErrorsOf,
  useFieldErrors,
} from './form-kit.tsx';
import { EvidencePicker, useEvidenceFiles } from './return-files.tsx';
import {
  VehicleFields,
  type VehicleChoice,
  returnVehicleOf,
  vehicleChoiceFrom,
  vinFieldProblem,
} from './return-vehicle.tsx';
import { formatDay } from '../../shared/i18n/format.ts';

export interface ReturnFormProps {
  options: ReturnOptionsAnswer;
  /** A guest's order token (from their link); null for a member. */
  orderToken: string | null;
  now: number;
}

type Line = ReturnOptionsAnswer['lines'][number];

const day = (ms: number) => formatDay(ms);

/** The files a reason asks for, in its §3 words: "photos of part, package, label" from its evidence column. */
const fileWords = (reason: ReturnReason) => {
  const words = evidenceWords(RETURN_REASONS[reason].evidence).split('plus ').pop()!;
  return words.charAt(0).toUpperCase() + words.slice(1);
};

/** The problems the form can see before sending, at the fields the server names the same way. */
function problemsOf(reason: ReturnReason | null, chosen: number, text: string, vehicle: VehicleChoice, files: number) {
  const problems: Record<string, string> = {};
  if (chosen === 0) problems.lines = RETURN_MSG.nothingChosen;
  if (!reason) return { ...problems, reason: RETURN_MSG.reason };
  const need = RETURN_REASONS[reason];
  if (need.text && !text.trim()) problems.text = RETURN_MSG.text;
  if (need.vehicle) {
    const given = returnVehicleOf(vehicle);
    const vin = vehicle.mode === 'vin' ? vinFieldProblem(vehicle.vin, true) : null;
    if (vin) problems['vehicle.vin'] = vin;
    else if (!given || (!given.vin && !(given.year && given.make && given.model)))
      problems.vehicle = RETURN_MSG.vehicle;
  }
  if (files < need.minFiles) problems.uploadIds = RETURN_MSG.files(need);
  return problems;
}

function LineChoice({ line, now, invalid }: { line: Line; now: number; invalid: boolean }) {
  const open = line.returnable > 0 && now <= line.windowEndsAt;
  return (
    <li className="return-line" data-line-no={line.lineNo} data-fit={line.fit ?? ''}>
      <label className="return-line__pick">
        <input
          type="checkbox"
          name="line"
          value={line.lineNo}
          disabled={!open}
          aria-invalid={invalid ? true : undefined}
        />
        <img src={line.imageUrl ?? '/static/parts/placeholder.svg'} alt="" width="56" height="56" loading="lazy" />
        <span>
          {line.title} <small>{line.partNumber}</small>
          <br />
          <small>
            {line.returnable === 0
              ? m.return_already()
              : open
                ? m.return_until({ date: day(line.windowEndsAt) })
                : m.return_window_closed()}
          </small>
        </span>
      </label>
      {open && (
        <label className="return-line__qty">
          {m.return_quantity()}{' '}
          <select name={`quantity-${line.lineNo}`} defaultValue="1">
            {Array.from({ length: line.returnable }, (_, index) => index + 1).map((count) => (
              <option key={count} value={count}>
                {count}
              </option>
            ))}
          </select>
        </label>
      )}
    </li>
  );
}

/** Ask for a return: the parts, one of the eight §3 reasons, and exactly the evidence that reason needs. */
export default function ReturnForm({ options, orderToken, now }: ReturnFormProps) {
  const [reason, setReason] = useState<ReturnReason | null>(null);
  const [vehicle, setVehicle] = useState(() => vehicleChoiceFrom(options.vehicles));
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const [picked, setPicked] = useState<readonly number[]>([]);
  const fields = useFieldErrors();
  const evidence = useEvidenceFiles({ orderId: options.orderId, orderToken });
  // One key for the form: a double click or a retry after a lost answer is the same return.
  const idempotencyKey = useRef('');
  const need = reason ? RETURN_REASONS[reason] : null;
  const fitVehicle = options.vehicles[0];
  // Honest about the sale: the note shows only for a chosen part that was sold as fitting the order's car.
  const soldAsFitting = options.lines.some((line) => line.fit === 'FIT' && picked.includes(line.lineNo));

  function chosenLines(data: FormData) {
    return data.getAll('line').map((value) => ({
      lineNo: Number(value),
      quantity: Number(data.get(`quantity-${value}`) ?? 1),
    }));
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy || evidence.uploading) return;
    const data = new FormData(event.currentTarget);
    const lines = chosenLines(data);
    const text = String(data.get('text') ?? '');
    setError('');
    const problems = problemsOf(reason, lines.length, text, vehicle, evidence.uploadIds.length);
    fields.show(problems);
    if (Object.keys(problems).length > 0 || !reason || !need) return;
    idempotencyKey.current ||= crypto.randomUUID();
    const body: CreateReturnBody = {
      orderId: options.orderId,
      orderToken: orderToken ?? undefined,
      idempotencyKey: idempotencyKey.current,
      lines,
      reason,
      text: need.text ? text.trim() : undefined,
      vehicle: need.vehicle ? returnVehicleOf(vehicle) : undefined,
      uploadIds: evidence.uploadIds,
    };
    setBusy(true);
    try {
      const answer = await api.call(API.returnCreate, body);
      location.assign(localPath(returnPagePath(answer.rma, orderToken)));
    } catch (failure) {
      const answered: FieldErrors = fieldErrorsOf(failure);
      const known = ['lines', 'reason', 'text', 'vehicle', 'vehicle.vin', 'uploadIds'];
      if (Object.keys(answered).length > 0 && Object.keys(answered).every((name) => known.includes(name)))
        fields.show(answered);
      else setError(failureText(failure, m.return_something_wrong()));
      setBusy(false);
    }
  }

  const errors = fields.errors;
  return (
    <form
      className="return-form"
      ref={fields.scope}
      onSubmit={onSubmit}
      onChange={(event) => {
        const target = event.target as EventTarget as HTMLInputElement;
        if (target.name !== 'line') return;
        fields.clear('lines');
        const lineNo = Number(target.value);
        setPicked((current) => (target.checked ? [...current, lineNo] : current.filter((kept) => kept !== lineNo)));
      }}
      noValidate
      data-form="return"
    >
      <fieldset className="return-lines" data-field="lines">
        <legend>{m.return_parts_legend()}</legend>
        <ul>
          {options.lines.map((line) => (
            <LineChoice key={line.lineNo} line={line} now={now} invalid={Boolean(errors.lines)} />
          ))}
        </ul>
        {errors.lines && <p className="form-error field-error">{errors.lines}</p>}
      </fieldset>
      <fieldset className="return-reasons" data-field="reason">
        <legend>{m.return_why_legend()}</legend>
        {RETURN_REASON_LIST.map((name) => (
          <label key={name} className="return-reason">
            <input
              type="radio"
              name="reason"
              value={name}
              checked={reason === name}
              aria-invalid={errors.reason ? true : undefined}
              onChange={() => {
                setReason(name);
                fields.clear('reason');
              }}
            />
            <span>
              {reasonWords(name)} <small>{evidenceWords(RETURN_REASONS[name].evidence)}</small>
            </span>
          </label>
        ))}
        {errors.reason && <p className="form-error field-error">{errors.reason}</p>}
      </fieldset>
      {need?.text && (
        <div className="field" data-field="text">
          <label htmlFor="return-text">{m.return_describe()}</label>
          <textarea
            id="return-text"
            name="text"
            rows={4}
            maxLength={1000}
            aria-invalid={errors.text ? true : undefined}
            onInput={() => fields.clear('text')}
          />
          {errors.text && <p className="form-error field-error">{errors.text}</p>}
        </div>
      )}
      {need?.vehicle && (
        <>
          {soldAsFitting && fitVehicle && (
            <p className="return-fit" data-fit-note="">
              {m.return_fit_note({ vehicle: fitVehicle.label })}
            </p>
          )}
          <VehicleFields offered={options.vehicles} choice={vehicle} onChange={setVehicle} errors={errors} />
        </>
      )}
      {reason && need && (
        <EvidencePicker
          evidence={evidence}
          kinds={need.kinds}
          label={`${fileWords(reason)}${need.minFiles > 1 ? m.return_at_least({ count: need.minFiles }) : ''}`}
          error={errors.uploadIds}
        />
      )}
      <FormError text={error} />
      <button
        className="button"
        type="submit"
        disabled={busy || evidence.uploading}
        aria-describedby={evidence.uploading ? 'return-submit-why' : undefined}
      >
        {busy ? m.return_sending() : m.return_ask()}
      </button>
      <DisabledReason id="return-submit-why" reason={evidence.uploading ? m.return_wait_uploads() : null} />
    </form>
  );
}
