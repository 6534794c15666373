/** The redeem code in what a QR code says: our staff-page link with `code`, or the bare code. */
export function codeFromScan(text: string): string | null {
  let raw = text.trim();
  try {
    const url = new URL(raw);
    raw = url.searchParams.get('code') ?? '';
  } catch {
    // Not a URL: the code itself.
  }
  const code = raw.toUpperCase();
  return /^[A-Z2-9]{12}$/.test(code) ? code : null;
}
