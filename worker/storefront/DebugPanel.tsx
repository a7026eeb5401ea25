import type { DebugInfo } from '../platform/render/shell.ts';

/** The debug panel (§2): shown with `?debug=true`, remembered for 2 hours. */
export function DebugPanel({ info }: { info: DebugInfo }) {
  return (
    <aside className="debug-panel" data-debug-panel aria-label="Debug">
      <dl>
        <dt>Market</dt>
        <dd data-debug="market">{info.market}</dd>
        <dt>Build</dt>
        <dd data-debug="build">
          {info.buildId} ({info.buildTime})
        </dd>
        <dt>A/B group</dt>
        <dd data-debug="ab">{info.abTestGroup}</dd>
        {info.timings.map((timing) => (
          <span key={timing.label}>
            <dt>{timing.label}</dt>
            <dd>{timing.ms} ms</dd>
          </span>
        ))}
      </dl>
    </aside>
  );
}
