import type { BlogArticle, BlogBannerItem } from '../../../shared/content/blog.ts';
import { ContentBanner } from './BlogBanner.tsx';
import { ArticleCard } from './BlogParts.tsx';

/** /blogs: the blog banner when one is live, then a card for each article, newest first. */
export function BlogList({
  heading,
  intro,
  articles,
  banner,
}: {
  heading: string;
  intro: string;
  articles: readonly BlogArticle[];
  banner: BlogBannerItem | null;
}) {
  return (
    <section className="blog">
      {banner && <ContentBanner item={banner} className="blog-banner" width={1200} height={300} />}
      <h1>{heading}</h1>
      <p className="blog__intro">{intro}</p>
      {articles.length > 0 ? (
        <ul className="blog-cards">
          {articles.map((article, index) => (
            <ArticleCard key={article.route} article={article} eager={index < 2} />
          ))}
        </ul>
      ) : (
        <p>No articles yet. Please check back soon.</p>
      )}
    </section>
  );
}
