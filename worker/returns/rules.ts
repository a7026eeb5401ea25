import type { ReturnVehicle } from '../../shared/api/returns.ts';
import { RETURN_LIMITS, RETURN_MSG, RETURN_REASONS, type ReturnReason } from '../../shared/returns.ts';
import { normalizeVin, vinProblem } from '../../shared/vin.ts';
import { CORE_RETURN_REASON, isCoreLine } from '../../shared/core-charges.ts';
import type { ReturnableLine } from '../orders/service.ts';
import type { UploadRow } from './upload-repository.ts';

/**
 * The rules of a return request (issue 20), with no I/O: which units can go back, whether the
 * window is open, and whether the evidence the reason needs is there. Each answers the first
 * problem, at its field, or null.
 */

export interface Problem {
  status: 400 | 409;
  field: string;
  message: string;
}

const HOUR = 3_600_000;
const problem = (field: string, message: string, status: 400 | 409 = 400): Problem => ({ status, field, message });

/** The lines asked for, each line once with its units added up. */
export function mergedLines(lines: readonly { lineNo: number; quantity: number }[]) {
  const units = new Map<number, number>();
  for (const line of lines) units.set(line.lineNo, (units.get(line.lineNo) ?? 0) + line.quantity);
  return [...units].map(([lineNo, quantity]) => ({ lineNo, quantity }));
}

/** Whether every line shipped, is still in its window, and has that many units not already being returned. */
export function linesProblem(
  asked: readonly { lineNo: number; quantity: number }[],
  returnable: readonly ReturnableLine[],
  held: ReadonlyMap<number, number>,
  now: number,
  windowDays: number,
): Problem | null {
  for (const line of asked) {
    const shipped = returnable.find((candidate) => candidate.lineNo === line.lineNo);
    if (!shipped) return problem('lines', RETURN_MSG.lineNotShipped);
    if (now > shipped.windowEndsAt) return problem('lines', RETURN_MSG.windowClosed(windowDays));
    if (line.quantity > shipped.shipped - (held.get(line.lineNo) ?? 0))
      return problem('lines', RETURN_MSG.tooMany, 409);
  }
  return null;
}

/**
 * A core return (issue 40) sends back core deposit lines only, and a core deposit line goes back only
 * through one: its money is the deposit, never the part's price.
 */
export function coreProblem(
  reason: ReturnReason,
  asked: readonly { lineNo: number }[],
  ordered: readonly { lineNo: number; itemType: string }[],
): Problem | null {
  const core = (lineNo: number) => ordered.some((line) => line.lineNo === lineNo && isCoreLine(line));
  if (reason === CORE_RETURN_REASON)
    return asked.every((line) => core(line.lineNo)) ? null : problem('lines', RETURN_MSG.coreOnly);
  return asked.some((line) => core(line.lineNo)) ? problem('lines', RETURN_MSG.coreReason) : null;
}

/** The vehicle as kept with the return: a normalised VIN, or year, make and model; null when none was given. */
export function keptVehicle(vehicle: ReturnVehicle | undefined): ReturnVehicle | null {
  if (!vehicle) return null;
  if (vehicle.vin?.trim()) return { vin: normalizeVin(vehicle.vin) };
  const make = vehicle.make?.trim();
  const model = vehicle.model?.trim();
  return vehicle.year && make && model ? { year: vehicle.year, make, model } : null;
}

/** Whether the text, the vehicle (its VIN by §5) and the files are what the reason needs. */
export function evidenceProblem(
  request: { reason: ReturnReason; text: string; vehicle: ReturnVehicle | undefined },
  uploads: readonly UploadRow[],
  uploadCount: number,
  now: number,
): Problem | null {
  const need = RETURN_REASONS[request.reason];
  if (need.text && !request.text) return problem('text', RETURN_MSG.text);
  const vin = request.vehicle?.vin?.trim();
  const badVin = vin ? vinProblem(vin) : null;
  if (badVin) return problem('vehicle.vin', badVin);
  if (need.vehicle && !keptVehicle(request.vehicle)) return problem('vehicle', RETURN_MSG.vehicle);
  if (uploadCount > RETURN_LIMITS.maxFiles) return problem('uploadIds', RETURN_MSG.tooManyFiles);
  const usable = (upload: UploadRow) =>
    upload.status === 'STORED' &&
    upload.returnId === null &&
    upload.createdAt > now - RETURN_LIMITS.unattachedHours * HOUR;
  if (uploads.length !== uploadCount || !uploads.every(usable)) return problem('uploadIds', RETURN_MSG.unknownUpload);
  if (uploads.some((upload) => !(need.kinds as readonly string[]).includes(upload.kind ?? ''))) {
    return problem('uploadIds', RETURN_MSG.wrongKind);
  }
  if (uploads.length < need.minFiles) return problem('uploadIds', RETURN_MSG.files(need));
  return null;
}
