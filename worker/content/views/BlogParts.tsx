import { Fragment } from 'react';
import { type BlogArticle, INLINE_LINK, readingMinutes } from '../../../shared/content/blog.ts';
import { staticAsset } from '../../platform/build-info.ts';

/** "Nov 1, 2026" for "2026-11-01": the date shoppers read on the blog. */
export function articleDate(day: string): string {
  return new Date(`${day}T00:00:00Z`).toLocaleDateString('en-US', {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    timeZone: 'UTC',
  });
}

/** Paragraph text with its [words](/path) links to the shop's pages turned into anchors. */
export function RichText({ text }: { text: string }) {
  const parts: (string | { label: string; href: string })[] = [];
  let last = 0;
  for (const match of text.matchAll(INLINE_LINK)) {
    parts.push(text.slice(last, match.index), { label: match[1] ?? '', href: match[2] ?? '/' });
    last = (match.index ?? 0) + match[0].length;
  }
  parts.push(text.slice(last));
  return (
    <>
      {parts.map((part, i) =>
        typeof part === 'string' ? (
          <Fragment key={i}>{part}</Fragment>
        ) : (
          <a key={i} href={part.href}>
            {part.label}
          </a>
        ),
      )}
    </>
  );
}

/** The byline under a title: date, author, reading time. */
export function ArticleByline({ article }: { article: BlogArticle }) {
  return (
    <p className="blog-byline">
      <time dateTime={article.datePublished}>{articleDate(article.datePublished)}</time>
      <span>{article.author}</span>
      <span>{`${readingMinutes(article)} min read`}</span>
    </p>
  );
}

/** An article's card on the list: image, title, date, summary. */
export function ArticleCard({ article, eager }: { article: BlogArticle; eager: boolean }) {
  return (
    <li className="blog-card">
      <a href={article.route} className="blog-card__link">
        <img
          src={staticAsset(article.image.src)}
          alt={article.image.alt}
          width={article.image.width}
          height={article.image.height}
          loading={eager ? 'eager' : 'lazy'}
          decoding="async"
        />
        <h2>{article.title}</h2>
      </a>
      <ArticleByline article={article} />
      <p className="blog-card__summary">{article.description}</p>
    </li>
  );
}
