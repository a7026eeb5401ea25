import { useEffect, useState } from 'react';
import type { MarketId } from '../../shared/markets.ts';
import { type EmissionsFacts, emissionsRefusal, emissionsRefusalText } from '../../shared/regulated-parts.ts';
import { type HazmatClass, type SizeClass, lineLimit, shipZoneOf } from '../../shared/shipping-limits.ts';
import { stateOfZip } from '../../shared/zip-states.ts';
import { POSTAL_CODE_KEY } from '../state/session.ts';

export interface ShipWarningProps {
  market: MarketId;
  title: string;
  /** An emissions part that is not 50-state legal; null otherwise. */
  emissions: EmissionsFacts | null;
  hazmat: HazmatClass | null;
  sizeClass: SizeClass | null;
}

/** Why the part cannot go to the stored postal code, or null when it can (or none is stored). */
function refusalFor(props: ShipWarningProps, code: string | null): string | null {
  if (!code) return null;
  const state = props.market === 'us' ? stateOfZip(code) : null;
  const rule = props.emissions
    ? emissionsRefusal(props.emissions, { market: props.market, regionCode: state }, null)
    : null;
  if (rule) return emissionsRefusalText(props.title, rule);
  const limit = lineLimit(props, shipZoneOf(props.market, code), '');
  return limit?.kind === 'NO_ROUTE' ? limit.message : null;
}

/**
 * The product page's warning before adding (issue 40): the postal code the shop stored (the cart's
 * estimate, the member's profile) is where the part cannot go: a state whose emissions rules refuse
 * it, or a place no carrier route for it reaches (a battery to Hawaii). The page is cached for
 * everyone, so the browser decides; others see nothing.
 */
export default function ShipWarning(props: ShipWarningProps) {
  const [refusal, setRefusal] = useState<string | null>(null);
  useEffect(() => {
    const read = () => setRefusal(refusalFor(props, localStorage.getItem(POSTAL_CODE_KEY)));
    read();
    window.addEventListener('storage', read);
    return () => window.removeEventListener('storage', read);
  }, [props]);
  return refusal ? (
    <p className="ship-limit ship-limit--refused" role="alert" data-ship-warning="">
      {refusal}
    </p>
  ) : null;
}
