import type { ComponentType } from 'react';
import { preloadModule } from 'react-dom';
import type { HydrateMode } from '../../../shared/constants.ts';
import { buildInfo } from '../build-info.ts';

interface IslandProps<P> {
  name: string;
  component: ComponentType<P>;
  props: P;
  /** When the browser hydrates it: at load (default), once near the viewport, or when idle. */
  hydrate?: HydrateMode;
}

/**
 * Server-renders an interactive component inside a `[data-island]` element with its props as
 * JSON. An island that hydrates at load asks the browser to preload its scripts so hydration does
 * not wait; one that waits (below the fold) loads them only when its moment comes.
 */
export function Island<P extends object>({ name, component: Component, props, hydrate = 'load' }: IslandProps<P>) {
  if (hydrate === 'load') for (const href of buildInfo.islands[name] ?? []) preloadModule(href, { as: 'script' });
  return (
    <div
      data-island={name}
      data-props={JSON.stringify(props)}
      data-hydrate={hydrate === 'load' ? undefined : hydrate}
      style={{ display: 'contents' }}
    >
      <Component {...props} />
    </div>
  );
}
