import { CSV_COLUMNS, centsText, IMPORT_MAX_ROWS } from '../../../shared/catalog-csv.ts';
import { CSV_OPTIONAL_COLUMNS } from '../../../shared/catalog-csv-regulated.ts';
import type { ApplyProgress, CheckedImport, ReportChange } from '../../catalog/staff.ts';
import { CatalogStyles } from './CatalogStyles.tsx';
import { CsrfField } from './CsrfField.tsx';

/** Rows of each kind a report page lists (the counts are always whole). */
const CHANGES_SHOWN = 500;

/** The upload form, with why the last file was refused. */
/** A row count as staff read it: 12,345. */
const count = (rows: number) => rows.toLocaleString('en-US');

/** "the change" or "the 12 changes". */
const changesText = (count: number) => (count === 1 ? 'the change' : `the ${count} changes`);

export function CatalogImportUpload(props: { csrf: string; problem?: string }) {
  return (
    <section className="catalog-admin">
      <CatalogStyles />
      <p className="actions">
        <a href="/admin/catalog">All products</a>
        <a href="/admin/catalog/export.csv" download>
          Export prices and stock (CSV)
        </a>
      </p>
      <h1>Import prices and stock</h1>
      <div className="panel">
        <p>
          {`A CSV file in UTF-8 with the header ${CSV_COLUMNS.join(',')}, at most 5 MB and `}
          {`${IMPORT_MAX_ROWS.toLocaleString('en-US')} rows. Prices are dollars and cents (129.99); an empty field `}
          leaves that value as it is. Optional columns: {CSV_OPTIONAL_COLUMNS.join(', ')} (core charges and what the law
          and carriers say of the product; with these columns an empty field is none, and the regulated columns go
          together). Nothing changes until you have checked the report and pressed Apply.
        </p>
        {props.problem && (
          <p className="error" role="alert">
            {props.problem}
          </p>
        )}
        <form method="post" action="/admin/catalog/import" encType="multipart/form-data" className="upload">
          <CsrfField value={props.csrf} />
          <div>
            <label htmlFor="import-file">CSV file</label>
            <input id="import-file" type="file" name="file" accept=".csv,text/csv" required />
          </div>
          <p>
            <button type="submit">Check the file</button>
          </p>
        </form>
      </div>
    </section>
  );
}

const money = (cents: number | null) => (cents === null ? '—' : centsText(cents));

/** Old and new cells of one value: the old one struck through when it changes. */
function Values({
  old,
  next,
  format,
}: {
  old: number | null;
  next: number | null;
  format: (n: number | null) => string;
}) {
  if (old === next)
    return (
      <td className="num" colSpan={2}>
        {format(old)}
      </td>
    );
  return (
    <>
      <td className="num old">{format(old)}</td>
      <td className="num new">{format(next)}</td>
    </>
  );
}

function ChangesTable({ changes }: { changes: ReportChange[] }) {
  return (
    <div className="table-scroll">
      <table aria-label="Rows that would change">
        <thead>
          <tr>
            <th scope="col" className="num">
              Line
            </th>
            <th scope="col">SKU</th>
            <th scope="col" colSpan={2}>
              USD (old → new)
            </th>
            <th scope="col" colSpan={2}>
              CAD (old → new)
            </th>
            <th scope="col" colSpan={2}>
              Stock (old → new)
            </th>
          </tr>
        </thead>
        <tbody>
          {changes.slice(0, CHANGES_SHOWN).map((change) => (
            <tr key={change.line} data-change={change.skuCode}>
              <td className="num">{change.line}</td>
              <td>
                {change.skuCode}
                {(change.cores || change.regulated) && (
                  <small className="muted" data-also="">
                    {` · also sets ${[
                      ...(change.cores ?? []).map(
                        (core) => `core charge ${core.currency} ${core.cents === null ? 'none' : money(core.cents)}`,
                      ),
                      ...(change.regulated ? ['regulations and shipping limits'] : []),
                    ].join(', ')}`}
                  </small>
                )}
              </td>
              <Values old={change.oldUsd} next={change.newUsd} format={money} />
              <Values old={change.oldCad} next={change.newCad} format={money} />
              <Values old={change.oldStock} next={change.newStock} format={(n) => `${n}`} />
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function RefusedTable({ report }: { report: CheckedImport }) {
  return (
    <div className="table-scroll">
      <table aria-label="Rows refused">
        <thead>
          <tr>
            <th scope="col" className="num">
              Line
            </th>
            <th scope="col">SKU</th>
            <th scope="col">Why</th>
          </tr>
        </thead>
        <tbody>
          {report.refused.map((row) => (
            <tr key={row.line} data-refused={row.line}>
              <td className="num">{row.line}</td>
              <td>{row.skuCode || '—'}</td>
              <td>{row.reason}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** The counts of a report, and once applied, what applying did. */
function Counts({ report }: { report: CheckedImport }) {
  const counts: [string, number, string][] = [
    ['would change', report.changes.length, 'changes'],
    ['unchanged', report.unchanged, 'unchanged'],
    ['refused', report.refusedCount, 'refused'],
  ];
  if (report.status === 'APPLIED')
    counts.push(['applied', report.applied, 'applied'], ['skipped', report.skipped, 'skipped']);
  return (
    <ul className="counts">
      {counts.map(([label, count, key]) => (
        <li key={key} data-count={key}>
          <strong>{count.toLocaleString('en-US')}</strong>
          {`rows ${label}`}
        </li>
      ))}
    </ul>
  );
}

/** The dry run's report: what would change, what is unchanged, what is refused and why; then Apply. */
export function CatalogImportReport(props: { report: CheckedImport; csrf: string }) {
  const { report } = props;
  const applied = report.status === 'APPLIED';
  return (
    <section className="catalog-admin">
      <CatalogStyles />
      <p className="actions">
        <a href="/admin/catalog/import">Import another file</a>
        <a href="/admin/catalog">All products</a>
      </p>
      <h1>{applied ? `Applied: ${report.fileName}` : `Check: ${report.fileName}`}</h1>
      <Counts report={report} />
      {applied && (
        <p className="ok" role="status" data-import-state="applied">
          {`Applied. ${report.applied} SKUs changed` +
            (report.skipped ? `; ${report.skipped} skipped because they changed after the check.` : '.')}
        </p>
      )}
      {!applied && report.changes.length > 0 && (
        <form method="post" action={`/admin/catalog/import/${report.token}/apply`} className="panel">
          <CsrfField value={props.csrf} />
          <p>
            {report.nextRow > 0
              ? `${report.nextRow} of ${report.changes.length} rows are applied. Apply the rest of this report.`
              : `Apply exactly ${changesText(report.changes.length)} below. ` +
                'Refused and unchanged rows stay as they are; ' +
                'a row whose SKU changed after this check is skipped.'}
          </p>
          <button type="submit">{report.nextRow > 0 ? 'Apply the rest' : 'Apply'}</button>
        </form>
      )}
      {!applied && report.changes.length === 0 && (
        <p className="panel">Nothing in this file would change the catalog.</p>
      )}
      {report.changes.length > 0 && <h2>Rows that would change</h2>}
      {report.changes.length > 0 && <ChangesTable changes={report.changes} />}
      {report.changes.length > CHANGES_SHOWN && (
        <p className="muted">{`The first ${CHANGES_SHOWN} of ${report.changes.length} are listed.`}</p>
      )}
      {report.refusedCount > 0 && <h2>Rows refused</h2>}
      {report.refusedCount > 0 && <RefusedTable report={report} />}
      {report.refusedCount > report.refused.length && (
        <p className="muted">{`The first ${report.refused.length} of ${report.refusedCount} are listed.`}</p>
      )}
    </section>
  );
}

/** One step of applying, streamed as it happens; the page shows only the newest (CSS :last-of-type). */
export function ApplyStep({ progress, token }: { progress: ApplyProgress | { state: 'failed' }; token: string }) {
  const report = `/admin/catalog/import/${token}`;
  switch (progress.state) {
    case 'progress':
      return (
        <div className="step" data-import-state="applying">
          <progress value={progress.done} max={progress.total} />
          <p>{`${count(progress.done)} of ${count(progress.total)} rows applied…`}</p>
        </div>
      );
    case 'applied':
      return (
        <div className="step" data-import-state="applied">
          <progress value={progress.total} max={progress.total || 1} />
          <p className="ok" role="status">
            {`Applied. ${progress.applied} SKUs changed` +
              (progress.skipped ? `; ${progress.skipped} skipped because they changed after the check.` : '.')}
          </p>
          <p>
            <a href={report}>See the report</a> · <a href="/admin/catalog">All products</a>
          </p>
        </div>
      );
    case 'already':
    case 'elsewhere':
      return (
        <div className="step" data-import-state={progress.state}>
          <p className="notice" role="status">
            {progress.state === 'already'
              ? 'This import was already applied. Nothing was applied twice.'
              : 'This import is being applied in another window or request. Nothing was applied twice.'}
          </p>
          <p>
            <a href={report}>See the report</a>
          </p>
        </div>
      );
    case 'not-found':
      return (
        <div className="step" data-import-state="not-found">
          <p className="error">There is no such import. Upload the file again.</p>
        </div>
      );
    default:
      return (
        <div className="step" data-import-state="failed">
          <p className="error" role="alert">
            Applying stopped before the end. What was applied stays applied; open the report to apply the rest.
          </p>
          <p>
            <a href={report}>See the report</a>
          </p>
        </div>
      );
  }
}
