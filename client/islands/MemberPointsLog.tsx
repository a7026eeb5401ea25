import { useState } from 'react';
import type { PointsLogAnswer } from '../../shared/api/members.ts';
import { API } from '../../shared/api-routes.ts';
import { POINTS_LOG_KINDS, type PointsLogKind, pointsLogKindLabel } from '../../shared/members.ts';
import * as m from '../../shared/i18n/generated/messages.js';
import { api } from '../api.ts';
import { failureText } from './form-kit.tsx';
import { PointsLogTable } from './member-parts.tsx';

export interface MemberPointsLogProps {
  log: PointsLogAnswer;
  kind: PointsLogKind | null;
}

/** The full points history: filter by kind, page through; the address keeps the view for a reload. */
export default function MemberPointsLog({ log: initial, kind: initialKind }: MemberPointsLogProps) {
  const [log, setLog] = useState(initial);
  const [kind, setKind] = useState(initialKind);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const pages = Math.max(1, Math.ceil(log.total / log.pageSize));

  async function show(page: number, nextKind: PointsLogKind | null) {
    setBusy(true);
    setError('');
    try {
      const query = { page, pageSize: log.pageSize, kind: nextKind ?? undefined };
      setLog(await api.call(API.memberPointsLog, query));
      setKind(nextKind);
      const params = new URLSearchParams();
      if (nextKind) params.set('kind', nextKind);
      if (page > 1) params.set('page', String(page));
      history.replaceState(null, '', `${location.pathname}${params.size ? `?${params}` : ''}`);
    } catch (failure) {
      setError(failureText(failure, m.member_history_failed()));
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="member-card" aria-label={m.member_nav_history()} data-points-history aria-busy={busy}>
      <label className="member-filter">
        {m.member_log_show()}{' '}
        <select
          value={kind ?? ''}
          disabled={busy}
          onChange={(event) => void show(1, (event.target.value || null) as PointsLogKind | null)}
        >
          <option value="">{m.member_log_all()}</option>
          {POINTS_LOG_KINDS.map((value) => (
            <option key={value} value={value}>
              {pointsLogKindLabel(value)}
            </option>
          ))}
        </select>
      </label>
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
      <PointsLogTable entries={log.list} />
      <nav className="member-paging" aria-label={m.pages()}>
        <button type="button" disabled={busy || log.page <= 1} onClick={() => void show(log.page - 1, kind)}>
          {m.page_previous()}
        </button>
        <span data-page>{m.page_of({ page: log.page, pages })}</span>
        <button type="button" disabled={busy || log.page >= pages} onClick={() => void show(log.page + 1, kind)}>
          {m.page_next()}
        </button>
      </nav>
    </section>
  );
}
