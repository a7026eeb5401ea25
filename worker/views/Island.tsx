import type { ComponentType } from 'react';
import { preloadModule } from 'react-dom';
import { buildInfo } from '../platform/build-info.ts';

interface IslandProps<P> {
  name: string;
  component: ComponentType<P>;
  props: P;
}

/**
 * Server-renders an interactive component inside a `[data-island]` element with its props as
 * JSON, and asks the browser to preload the island's scripts so hydration does not wait.
 */
export function Island<P extends object>({ name, component: Component, props }: IslandProps<P>) {
  for (const href of buildInfo.islands[name] ?? []) preloadModule(href, { as: 'script' });
  return (
    <div data-island={name} data-props={JSON.stringify(props)} style={{ display: 'contents' }}>
      <Component {...props} />
    </div>
  );
}
