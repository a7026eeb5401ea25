/** Fitment results (§3) and how each is shown (§4 Fit status). */

export type FitStatus = 'FIT' | 'NOT_FIT' | 'UNCERTAIN' | 'EMPTY';

export const FIT_DISPLAY: Record<FitStatus, { colour: 'green' | 'red' | 'grey' | 'orange'; action: string }> = {
  FIT: { colour: 'green', action: 'Change Vehicle' },
  NOT_FIT: { colour: 'red', action: 'Change Vehicle' },
  EMPTY: { colour: 'grey', action: 'Add vehicle' },
  UNCERTAIN: { colour: 'orange', action: 'Add vehicle Details' },
};

/** The answer for one product and the chosen vehicle. */
export interface FitmentAnswer {
  /** False for non-vehicle products (tools, merchandise): no fitment is shown at all. */
  applies: boolean;
  status: FitStatus;
  /** For UNCERTAIN: the level that would settle it. */
  missingLevel?: 'trim' | 'engine';
  /** Notes, positions and quantities of the applications that matched. */
  notes: string[];
  positions: string[];
}

/** The sentence under the badge. */
export function fitmentSentence(answer: FitmentAnswer, vehicleName: string | null): string {
  if (!answer.applies) return '';
  switch (answer.status) {
    case 'EMPTY':
      return 'Add your vehicle to check fitment';
    case 'FIT':
      return `Fits your ${vehicleName}`;
    case 'NOT_FIT':
      return `Does not fit your ${vehicleName}`;
    case 'UNCERTAIN':
      return `Add your ${vehicleName}'s ${answer.missingLevel ?? 'details'} to check fitment`;
  }
}
