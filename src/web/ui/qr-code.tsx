/**
 * A QR code drawn on the server (an SVG string made by `qrcode` in the loader: only paths and
 * rects, no text from the visitor), with the link it encodes as its accessible name.
 */
export function QrCode({ svg, label }: { svg: string; label: string }) {
  return <div className="qr" role="img" aria-label={label} dangerouslySetInnerHTML={{ __html: svg }} />;
}
