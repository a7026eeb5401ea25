// The gallery of a catalog item: one drawing per part type, in each of the views below. Pure, so the
// catalog generator, the illustration script and the tests agree on the file names.

/** The views every part type is drawn in, main view first. */
export const PART_VIEWS = ['front', 'side', 'detail', 'box'] as const;
export type PartView = (typeof PART_VIEWS)[number];

const VIEW_NAME: Record<PartView, string> = {
  front: 'front view',
  side: 'side view',
  detail: 'close-up detail',
  box: 'in its box',
};

/** The static URL of one view of a part type's drawing (client/static/parts/<key>-<view>.svg). */
export function partImageUrl(partTypeKey: string, view: PartView): string {
  return `/static/parts/${partTypeKey}-${view}.svg`;
}

/** An item's gallery images, main (front) view first, each titled for its alt text. */
export function itemImages(partTypeKey: string, title: string): { url: string; title: string; isMain: boolean }[] {
  return PART_VIEWS.map((view, index) => ({
    url: partImageUrl(partTypeKey, view),
    title: `${title}, ${VIEW_NAME[view]}`,
    isMain: index === 0,
  }));
}

/** The finishes a variant SKU is drawn in (its colour), with the accent its picture uses. */
export const FINISH_ACCENTS: Record<string, string> = { Black: '#263238' };

/** The front view of a part type in a variant's finish (client/static/parts/<key>-front-<finish>.svg). */
export function finishImageUrl(partTypeKey: string, finish: string): string {
  return `/static/parts/${partTypeKey}-front-${finish.toLowerCase()}.svg`;
}
