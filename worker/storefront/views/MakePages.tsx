import GarageList from '../../../client/islands/GarageList.tsx';
import VehicleSelector from '../../../client/islands/VehicleSelector.tsx';
import type { VehicleCategory } from '../../search/service.ts';
import type { ChosenModelYear as ModelYear, MakeModelYears } from '../../vehicles/service.ts';

/** A model year chosen on a make's page, with the part categories the shop has for it. */
type ChosenModelYear = ModelYear & { categories: VehicleCategory[] };
import { Island } from '../../platform/render/Island.tsx';
import * as m from '../../../shared/i18n/generated/messages.js';
import { localWords } from '../../catalog/service.ts';

/** /parts: choose the vehicle (or a VIN) and keep several in the garage; go on with the current one. */
export function PartsPage({ current }: { current: { name: string; href: string } | null }) {
  return (
    <section className="parts-page">
      <h1>{m.parts_page_title()}</h1>
      {current && (
        <p className="parts-page__current">
          <a className="button" href={current.href} data-continue-vehicle>
            {m.parts_page_continue({ vehicle: current.name })}
          </a>
        </p>
      )}
      <p>{m.parts_page_intro()}</p>
      <Island name="VehicleSelector" component={VehicleSelector} props={{ compact: false }} />
      <Island name="GarageList" component={GarageList} props={{}} />
      <p>
        <a href="/makes">{m.parts_page_by_make()}</a>
      </p>
    </section>
  );
}

/** /makes: every make the shop has parts for, popular ones first. */
export function MakesPage({
  popular,
  makes,
}: {
  popular: { name: string; slug: string }[];
  makes: { name: string; slug: string }[];
}) {
  const byLetter = new Map<string, { name: string; slug: string }[]>();
  for (const make of makes) {
    const letter = make.name[0]!.toUpperCase();
    byLetter.set(letter, [...(byLetter.get(letter) ?? []), make]);
  }
  return (
    <section className="makes-page">
      <h1>{m.makes_title()}</h1>
      <p>{m.makes_intro({ count: String(makes.length) })}</p>
      {popular.length > 0 && (
        <>
          <h2>{m.makes_popular()}</h2>
          <ul className="tile-list">
            {popular.map((make) => (
              <li key={make.slug}>
                <a href={`/makes/${make.slug}`}>{make.name}</a>
              </li>
            ))}
          </ul>
        </>
      )}
      <h2>{m.makes_all()}</h2>
      {[...byLetter].map(([letter, list]) => (
        <section key={letter} className="makes-letter" aria-label={letter}>
          <h3>{letter}</h3>
          <ul className="makes-list">
            {list.map((make) => (
              <li key={make.slug}>
                <a href={`/makes/${make.slug}`} data-make={make.slug}>
                  {make.name}
                </a>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </section>
  );
}

/** Years as the runs they make, oldest first: "1990-1996, 2021-2027", "2015", from years newest first. */
export function yearRuns(years: readonly number[]): string {
  const runs: [number, number][] = [];
  for (const year of [...years].reverse()) {
    const last = runs.at(-1);
    if (last && year === last[1] + 1) last[1] = year;
    else runs.push([year, year]);
  }
  return runs.map(([from, to]) => (from === to ? String(from) : `${from}-${to}`)).join(', ');
}

/** A model of the make: a link to its years, and the year links themselves when it is the one open. */
function ModelYears({ make, model, open }: { make: { slug: string }; model: MakeModelYears; open: boolean }) {
  const { years } = model;
  return (
    <li data-model={model.slug} data-open={open ? 'true' : undefined}>
      <a href={`/makes/${make.slug}?model=${model.slug}`} aria-current={open ? 'true' : undefined}>
        {model.model}
      </a>{' '}
      <span>{yearRuns(years)}</span>
      {open && (
        <ul className="year-links">
          {years.map((year) => (
            <li key={year}>
              <a href={`/makes/${make.slug}?model=${model.slug}&year=${year}`}>{year}</a>
            </li>
          ))}
        </ul>
      )}
    </li>
  );
}

/**
 * /makes/{make}: the make's models; the years of the model asked for (`?model=`); with a model
 * year chosen, the part categories for it. Only one model's years are drawn: a make with a
 * hundred models and thirty years each would be thousands of elements on a phone.
 */
export function MakePage({
  make,
  models,
  chosen,
  openModel,
}: {
  make: { name: string; slug: string };
  models: MakeModelYears[];
  chosen: ChosenModelYear | null;
  /** The slug of the model whose years are listed. */
  openModel: string | null;
}) {
  return (
    <section className="make-page">
      <h1>{m.make_title({ make: make.name })}</h1>
      {chosen ? (
        <section className="make-page__categories" data-model-year={`${chosen.year} ${chosen.model.model}`}>
          <h2>{m.make_parts_for({ year: String(chosen.year), make: make.name, model: chosen.model.model })}</h2>
          <p>
            <a className="button" href={chosen.partsHref} data-vehicle-parts-link>
              {m.make_see_all({ year: String(chosen.year), make: make.name, model: chosen.model.model })}
            </a>
          </p>
          <ul className="tile-list">
            {chosen.categories.map((category) => (
              <li key={category.id}>
                <a href={`/search?category=${category.id}&attributeValueId=${chosen.attributeValueId}`}>
                  {localWords(category.name)} <small>({category.items})</small>
                </a>
              </li>
            ))}
          </ul>
        </section>
      ) : (
        <p>{m.make_choose()}</p>
      )}
      <h2>{m.make_models({ make: make.name })}</h2>
      <ul className="model-years">
        {models.map((model) => (
          <ModelYears key={model.modelId} make={make} model={model} open={model.slug === openModel} />
        ))}
      </ul>
    </section>
  );
}
