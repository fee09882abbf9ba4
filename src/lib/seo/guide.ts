import type { Dealer } from '../stores/stores.ts';
import { DEFAULT_SOCIAL_IMAGE, type Seo } from './seo.ts';
import { article, breadcrumbList, type ArticleInput, type Crumb } from './structured-data.ts';

/** What a guide page says of itself: its data's words and dates, where it is, what it cites. */
export interface GuideHead {
  guide: { title: string; description: string; heading: string; published: string };
  path: string;
  /** YYYY-MM-DD: the latest check of the facts it states. */
  modified: string;
  crumbs: readonly Crumb[];
  citations: ArticleInput['citations'];
}

/**
 * A guide's head: an Article written and published by the dealer, dated by its checked facts, and
 * its breadcrumbs (docs/product.md §Guides).
 */
export function guideSeo(dealer: Pick<Dealer, 'name' | 'logo'>, site: URL, { guide, path, modified, crumbs, citations }: GuideHead): Seo {
  return {
    title: guide.title,
    description: guide.description,
    path,
    type: 'article',
    jsonLd: [
      article(dealer, site, {
        headline: guide.heading,
        description: guide.description,
        path,
        image: DEFAULT_SOCIAL_IMAGE,
        datePublished: guide.published,
        dateModified: modified,
        citations,
      }),
      breadcrumbList(crumbs, site),
    ],
  };
}
