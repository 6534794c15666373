import QRCode from 'qrcode';

/** An SVG QR code for a URL of this site (medium error correction survives a phone camera). */
export function qrSvg(text: string): Promise<string> {
  return QRCode.toString(text, { type: 'svg', errorCorrectionLevel: 'M', margin: 1, color: { dark: '#1d2129', light: '#ffffff' } });
}

/**
 * Only paths of this site are encoded (a QR page that draws any URL it is given would lend our
 * name to phishing links). Returns the absolute URL or null.
 */
export function sameSiteUrl(origin: string, target: string | null): string | null {
  if (!target) return null;
  if (!target.startsWith('/') || target.startsWith('//') || target.includes('\\')) return null;
  const url = new URL(target, origin);
  return url.origin === origin ? url.href : null;
}
