/**
 * Route helpers: pages link through these, never through string literals, so a path changes in
 * one place. The full route table is in routes.ts.
 */
export const paths = {
  home: '/',
  download: '/download',
  appDownload: '/app-download',
  mobilePage: '/mobile-page',
  emptyPage: '/creality-cloud/empty-page',
  qrcodePage: '/qrcode-page',
  pullblack: '/pullblack',
  legal: {
    privacy: '/privacy-policy',
    agreement: '/mobile/agreement',
    protocol: '/mobile/protocol',
    copyright: '/mobile/copyright',
    contactUs: '/mobile/contact-us',
    cancellation: '/mobile/cancellation',
    rule: '/webview/rule',
    /** The creative-commons licence explainer; `#section-N` is the N-th licence of `Licence`. */
    licences: '/creality-cloud/licences',
  },
  /** The makers-tools page a `/creality-cloud/tools/...` link stands for. */
  makersTools: (host: string, id: string) => `${host}/makers-tools/${encodeURIComponent(id)}`,
} as const;
