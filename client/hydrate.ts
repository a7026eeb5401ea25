import { createElement } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { islandLoaders } from './islands/registry.ts';

/** Hydrates each `[data-island]` element on its own root with its JSON props. */
export async function hydrateIslands(root: ParentNode = document): Promise<void> {
  const elements = [...root.querySelectorAll<HTMLElement>('[data-island]')];
  await Promise.all(
    elements.map(async (element) => {
      const name = element.dataset.island ?? '';
      const load = islandLoaders[name];
      if (!load) return;
      try {
        const props = element.dataset.props ? JSON.parse(element.dataset.props) : {};
        const { default: Component } = await load();
        hydrateRoot(element, createElement(Component, props));
      } catch (error) {
        console.error(`island ${name} failed to hydrate`, error);
      }
    }),
  );
}
