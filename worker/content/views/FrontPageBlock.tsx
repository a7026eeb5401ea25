import type { FrontPageItem } from '../../../shared/content/front-page.ts';
import { staticAsset } from '../../platform/build-info.ts';

/** A merchandiser's block at the top of a front page (the "front page" content type). */
export function FrontPageBlock({ block }: { block: FrontPageItem }) {
  return (
    <section className="front-page-block" data-front-page-block="" aria-label={block.title}>
      {block.image && (
        <img src={staticAsset(block.image)} alt={block.alt ?? ''} width={160} height={100} loading="lazy" />
      )}
      <div>
        <h2>{block.title}</h2>
        {block.text && <p>{block.text}</p>}
        {block.href && block.linkText && (
          <a className="front-page-block__link" href={block.href}>
            {block.linkText}
          </a>
        )}
      </div>
    </section>
  );
}
