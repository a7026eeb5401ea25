/** Keys under which the shop keeps its settings and content in KV. */
export const KV_KEY = {
  shopSettings: 'shop-settings',
  campaign: 'campaign',
  /** A campaign page's config, by its slug (shared/content/campaign.ts). */
  campaignPage: (slug: string) => `campaign-page:${slug}`,
  fixedContent: 'fixed-content-config',
  contentConfig: (key: string) => `content-config:${key}`,
  contentConfigPrefix: 'content-config:',
  urlContentConfig: (urlPattern: string) => `url-content-config:${urlPattern}`,
  pageContent: (route: string) => `page-content:${route}`,
} as const;
