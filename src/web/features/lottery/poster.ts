import QRCode from 'qrcode';
import type { LotteryInfo } from '../../../shared/api/lottery';

/** What the poster says, in the reader's language. */
export interface PosterText {
  title: string;
  prizesTitle: string;
  scan: string;
  site: string;
}

const W = 750;
const H = 1200;

/** Lines of `text` that fit `width` at the context's font (CJK has no spaces: break anywhere). */
function wrap(ctx: CanvasRenderingContext2D, text: string, width: number, maxLines: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const ch of text) {
    if (ctx.measureText(line + ch).width > width && line) {
      lines.push(line);
      line = ch.trimStart();
      if (lines.length === maxLines) break;
    } else line += ch;
  }
  if (lines.length < maxLines && line) lines.push(line);
  return lines;
}

/**
 * The campaign's share poster (PNG): its title, its first prizes and a QR code of the (invite)
 * link, drawn on a canvas in the browser so it needs no server work and carries the visitor's
 * own link. Fonts are the system's, as on the page.
 */
export async function drawPoster(info: Pick<LotteryInfo, 'title' | 'segments'>, link: string, text: PosterText): Promise<Blob> {
  const canvas = document.createElement('canvas');
  canvas.width = W;
  canvas.height = H;
  const ctx = canvas.getContext('2d');
  if (!ctx) throw new Error('no 2d canvas');
  const font = (px: number, weight = 400) =>
    `${weight} ${px}px -apple-system, "Segoe UI", Roboto, "PingFang SC", "Noto Sans CJK SC", sans-serif`;

  const bg = ctx.createLinearGradient(0, 0, 0, H);
  bg.addColorStop(0, '#e8590c');
  bg.addColorStop(1, '#b8400a');
  ctx.fillStyle = bg;
  ctx.fillRect(0, 0, W, H);

  ctx.fillStyle = '#fff';
  ctx.textAlign = 'center';
  ctx.font = font(56, 700);
  let y = 140;
  for (const l of wrap(ctx, info.title, W - 120, 3)) {
    ctx.fillText(l, W / 2, y);
    y += 72;
  }

  // The prizes card, as tall as its list.
  y += 20;
  const prizes = info.segments.filter((x) => x.prize).slice(0, 5);
  // Without prizes (an invite campaign) there is no prize card.
  const cardH = prizes.length ? 130 + prizes.length * 52 : 0;
  ctx.fillStyle = 'rgba(255,255,255,0.95)';
  ctx.beginPath();
  if (cardH) ctx.roundRect(60, y, W - 120, cardH, 24);
  ctx.fill();
  ctx.fillStyle = '#7a2e05';
  ctx.font = font(34, 700);
  if (cardH) ctx.fillText(text.prizesTitle, W / 2, y + 64);
  ctx.font = font(30);
  let py = y + 120;
  for (const s of prizes) {
    const [l = ''] = wrap(ctx, `🎁 ${s.prize?.name ?? ''}`, W - 200, 1);
    ctx.fillText(l, W / 2, py);
    py += 52;
  }

  // The QR code of the link, on white.
  const qr = document.createElement('canvas');
  await QRCode.toCanvas(qr, link, { width: 280, margin: 1, errorCorrectionLevel: 'M' });
  const qy = Math.min(y + cardH + 50, H - 470);
  ctx.fillStyle = '#fff';
  ctx.beginPath();
  ctx.roundRect(W / 2 - 160, qy, 320, 320, 24);
  ctx.fill();
  ctx.drawImage(qr, W / 2 - 140, qy + 20, 280, 280);
  ctx.fillStyle = '#fff';
  ctx.font = font(30, 600);
  ctx.fillText(text.scan, W / 2, qy + 380);
  ctx.font = font(24);
  ctx.fillText(text.site, W / 2, H - 50);

  return new Promise((resolve, reject) => canvas.toBlob((b) => (b ? resolve(b) : reject(new Error('poster not drawn'))), 'image/png'));
}
