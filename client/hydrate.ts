import { createElement } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { HYDRATE_MODES, type HydrateMode } from '../shared/constants.ts';
import { islandLoaders } from './islands/registry.ts';

/**
 * Gives the browser its turn: each island then hydrates in a task of its own, so a page with many islands makes
 * several short tasks (input and paint get in between) instead of one long one.
 */
function yieldToMain(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  if (scheduler?.yield) return scheduler.yield();
  return new Promise((resolve) => setTimeout(resolve, 0));
}

/** Loads an island's code and hydrates its element on a root of its own; marks it `data-hydrated` when done. */
export async function hydrateIsland(element: HTMLElement): Promise<void> {
  const name = element.dataset.island ?? '';
  const load = islandLoaders[name];
  if (!load) return;
  try {
    const props = element.dataset.props ? JSON.parse(element.dataset.props) : {};
    const { default: Component } = await load();
    await yieldToMain();
    hydrateRoot(element, createElement(Component, props));
    element.dataset.hydrated = 'true';
  } catch (error) {
    console.error(`island ${name} failed to hydrate`, error);
  }
}

/** Runs `work` once the browser has nothing more urgent to do (or after two seconds at the latest). */
function whenIdle(work: () => void): void {
  if ('requestIdleCallback' in window) requestIdleCallback(work, { timeout: 2000 });
  else setTimeout(work, 200);
}

/**
 * Runs `work` once the island comes within a screen of the viewport. Its element is
 * `display: contents` (no box of its own), so its children are watched; an island that drew
 * nothing on the server has nothing to watch and waits for an idle moment instead.
 */
function whenVisible(element: HTMLElement, work: () => void): void {
  const children = [...element.children];
  if (children.length === 0 || !('IntersectionObserver' in window)) {
    whenIdle(work);
    return;
  }
  const observer = new IntersectionObserver(
    (entries) => {
      if (!entries.some((entry) => entry.isIntersecting)) return;
      observer.disconnect();
      work();
    },
    { rootMargin: '100% 0px' },
  );
  for (const child of children) observer.observe(child);
}

const modeOf = (element: HTMLElement): HydrateMode =>
  HYDRATE_MODES.find((mode) => mode === element.dataset.hydrate) ?? 'load';

/**
 * Hydrates each `[data-island]` element with its JSON props. Islands marked
 * `data-hydrate="visible"` or `"idle"` wait for that moment; the promise settles once every island
 * that hydrates at once has hydrated.
 */
export async function hydrateIslands(root: ParentNode = document): Promise<void> {
  const now: Promise<void>[] = [];
  for (const element of root.querySelectorAll<HTMLElement>('[data-island]')) {
    const mode = modeOf(element);
    if (mode === 'visible') whenVisible(element, () => void hydrateIsland(element));
    else if (mode === 'idle') whenIdle(() => void hydrateIsland(element));
    else now.push(hydrateIsland(element));
  }
  await Promise.all(now);
}
