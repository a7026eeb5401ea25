import type { BlogArticle } from '../../../shared/content/blog.ts';
import type { BlogArticleView } from '../blog.ts';
import { ArticleByline, articleDate, RichText } from './BlogParts.tsx';
import { staticAsset } from '../../platform/build-info.ts';

/** The schema.org Article of a page, with absolute URLs on the shop's origin. */
function ArticleJsonLd({ article, origin, shopName }: { article: BlogArticle; origin: string; shopName: string }) {
  const data = {
    '@context': 'https://schema.org',
    '@type': 'Article',
    headline: article.title,
    description: article.description,
    image: [`${origin}${article.image.src}`],
    datePublished: article.datePublished,
    dateModified: article.dateModified,
    author: { '@type': 'Organization', name: article.author, url: `${origin}/about` },
    publisher: { '@type': 'Organization', name: shopName, url: `${origin}/` },
    mainEntityOfPage: { '@type': 'WebPage', '@id': `${origin}${article.route}` },
  };
  return (
    <script
      type="application/ld+json"
      dangerouslySetInnerHTML={{ __html: JSON.stringify(data).replace(/</g, '\\u003c') }}
    />
  );
}

/** /blogs/{slug}: one article, with links to the newer and older ones. */
export function BlogArticlePage({
  view,
  origin,
  shopName,
}: {
  view: BlogArticleView;
  origin: string;
  shopName: string;
}) {
  const { article, newer, older } = view;
  return (
    <article className="blog-article">
      <ArticleJsonLd article={article} origin={origin} shopName={shopName} />
      <p className="breadcrumb">
        <a href="/blogs">Blog</a> ›
      </p>
      <h1>{article.title}</h1>
      <ArticleByline article={article} />
      <img
        className="blog-article__image"
        src={staticAsset(article.image.src)}
        alt={article.image.alt}
        width={article.image.width}
        height={article.image.height}
        fetchPriority="high"
      />
      <p className="blog-article__summary">{article.description}</p>
      {article.sections.map((section, i) => (
        <section key={i}>
          {section.heading && <h2>{section.heading}</h2>}
          {section.paragraphs.map((text, j) => (
            <p key={j}>
              <RichText text={text} />
            </p>
          ))}
          {section.list && (
            <ul>
              {section.list.map((text, j) => (
                <li key={j}>
                  <RichText text={text} />
                </li>
              ))}
            </ul>
          )}
          {section.steps && (
            <ol>
              {section.steps.map((text, j) => (
                <li key={j}>
                  <RichText text={text} />
                </li>
              ))}
            </ol>
          )}
        </section>
      ))}
      {article.dateModified !== article.datePublished && (
        <p className="blog-article__updated">
          Updated <time dateTime={article.dateModified}>{articleDate(article.dateModified)}</time>
        </p>
      )}
      <nav className="blog-article__nav" aria-label="More articles">
        {newer && (
          <a rel="prev" href={newer.route}>
            <span>Newer article</span> {newer.title}
          </a>
        )}
        {older && (
          <a rel="next" href={older.route}>
            <span>Older article</span> {older.title}
          </a>
        )}
      </nav>
    </article>
  );
}
