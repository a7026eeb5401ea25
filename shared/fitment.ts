/** Fitment results (§3) and how each is shown (§4 Fit status). */
import * as m from './i18n/generated/messages.js';

export type FitStatus = 'FIT' | 'NOT_FIT' | 'UNCERTAIN' | 'EMPTY';

/** Each status's colour and action label (the spec's words in English, the catalogue's in French). */
export const FIT_DISPLAY: Record<FitStatus, { colour: 'green' | 'red' | 'grey' | 'orange'; readonly action: string }> =
  {
    FIT: {
      colour: 'green',
      get action() {
        return m.fit_action_change();
      },
    },
    NOT_FIT: {
      colour: 'red',
      get action() {
        return m.fit_action_change();
      },
    },
    EMPTY: {
      colour: 'grey',
      get action() {
        return m.fit_action_add();
      },
    },
    UNCERTAIN: {
      colour: 'orange',
      get action() {
        return m.fit_action_details();
      },
    },
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
      return m.fit_sentence_empty();
    case 'FIT':
      return m.fit_sentence_fits({ vehicle: vehicleName ?? '' });
    case 'NOT_FIT':
      return m.fit_sentence_not({ vehicle: vehicleName ?? '' });
    case 'UNCERTAIN':
      if (answer.missingLevel === 'trim') return m.fit_sentence_trim({ vehicle: vehicleName ?? '' });
      if (answer.missingLevel === 'engine') return m.fit_sentence_engine({ vehicle: vehicleName ?? '' });
      return m.fit_sentence_details({ vehicle: vehicleName ?? '' });
  }
}
