/**
 * Legal and help documents: one Markdown file per language under content/docs, served
 * at the spec's paths. Several paths may show the same document (`/privacy`, `/privacy-policy`).
 */
export const DOC_SLUGS = [
  'privacy-policy',
  'contact-us',
  'agreement',
  'protocol',
  'cancellation',
  'copyright',
  'rights',
  'rights-details',
  'sales-restrictions',
  'credits-rules',
  'post',
  'rule',
  'member-service',
  'cloud-storage',
  'withdraw',
  'individual-tax',
  'certification',
  'payment-agreement',
  'announced',
  'licences',
] as const;
export type DocSlug = (typeof DOC_SLUGS)[number];

export const DOC_PATHS: Record<string, DocSlug> = {
  '/privacy': 'privacy-policy',
  '/privacy-policy': 'privacy-policy',
  '/creality-cloud/privacy-policy': 'privacy-policy',
  '/mobile/contact-us': 'contact-us',
  '/mobile/agreement': 'agreement',
  '/mobile/protocol': 'protocol',
  '/mobile/cancellation': 'cancellation',
  '/mobile/copyright': 'copyright',
  '/webview/rights': 'rights',
  '/webview/rights-details': 'rights-details',
  '/webview/sales-restrictions': 'sales-restrictions',
  '/webview/credits-rules': 'credits-rules',
  '/webview/post': 'post',
  '/webview/rule': 'rule',
  '/webview/member-service': 'member-service',
  '/webview/cloud-storage': 'cloud-storage',
  '/webview/withdraw': 'withdraw',
  '/webview/individual-tax': 'individual-tax',
  '/webview/certification': 'certification',
  '/webview/payment-agreement': 'payment-agreement',
  '/webview/announced': 'announced',
  '/creality-cloud/licences': 'licences',
};

export const docSlugForPath = (pathname: string): DocSlug | undefined => DOC_PATHS[pathname.replace(/\/+$/, '') || '/'];

export interface DocHeading {
  id: string;
  text: string;
}

export interface RenderedDoc {
  slug: DocSlug;
  title: string;
  summary: string;
  updated: string;
  html: string;
  /** Second-level headings, shown as a table of contents when the document is long. */
  toc: DocHeading[];
}
