import type { PrizeArt } from '../../src/server/lottery/prize-art';

/**
 * The demo prizes' pictures: flat drawings, one per kind of prize, as SVG (sharp at any size, a
 * few hundred bytes each). No words in them, so they read the same in every language.
 */
const frame = (bg: string, body: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 240 240" width="240" height="240">` +
  `<rect width="240" height="240" rx="36" fill="${bg}"/>${body}</svg>\n`;

const spool = (colour: string, glow = false) =>
  (glow ? '<circle cx="120" cy="120" r="92" fill="#d3f9d8" opacity="0.8"/>' : '') +
  `<circle cx="120" cy="120" r="78" fill="#495057"/>` +
  `<circle cx="120" cy="120" r="66" fill="${colour}"/>` +
  [58, 50, 42]
    .map((r) => `<circle cx="120" cy="120" r="${r}" fill="none" stroke="#fff" stroke-opacity="0.25" stroke-width="2"/>`)
    .join('') +
  `<circle cx="120" cy="120" r="30" fill="#868e96"/><circle cx="120" cy="120" r="14" fill="#f1f3f5"/>` +
  `<path d="M186 120 C 200 150 196 180 176 200" fill="none" stroke="${colour}" stroke-width="6" stroke-linecap="round"/>`;

export const PRIZE_ART_SVG: Record<PrizeArt, string> = {
  printer: frame(
    '#e7f5ff',
    '<rect x="48" y="40" width="144" height="164" rx="10" fill="#343a40"/>' +
      '<rect x="62" y="54" width="116" height="120" rx="4" fill="#f8f9fa"/>' +
      '<rect x="62" y="78" width="116" height="8" fill="#868e96"/>' +
      '<path d="M112 86h16l-4 14h-8z" fill="#e8590c"/>' +
      '<rect x="76" y="156" width="88" height="10" rx="2" fill="#adb5bd"/>' +
      '<path d="M104 156c0-26 8-40 16-40s16 14 16 40z" fill="#0a7a4b"/>' +
      '<rect x="62" y="182" width="40" height="10" rx="5" fill="#0a7a4b"/>',
  ),
  filament: frame('#fff4e6', spool('#f76707')),
  'filament-glow': frame('#1b2a3a', spool('#8ce99a', true)),
  coupon: frame(
    '#f3f0ff',
    '<path d="M36 80h168v28a14 14 0 0 0 0 28v28H36v-28a14 14 0 0 0 0-28z" fill="#7048e8"/>' +
      '<path d="M150 84v76" stroke="#fff" stroke-width="3" stroke-dasharray="6 6"/>' +
      '<path d="M92 98l9 18 20 3-14 14 3 20-18-9-18 9 3-20-14-14 20-3z" fill="#ffd43b"/>' +
      '<rect x="162" y="106" width="28" height="6" rx="3" fill="#d0bfff"/><rect x="162" y="122" width="20" height="6" rx="3" fill="#d0bfff"/>',
  ),
  coins: frame(
    '#fff9db',
    [150, 132, 114]
      .map(
        (y) =>
          `<ellipse cx="104" cy="${y + 14}" rx="54" ry="16" fill="#e67700"/><ellipse cx="104" cy="${y}" rx="54" ry="16" fill="#fcc419"/>`,
      )
      .join('') +
      '<circle cx="156" cy="96" r="48" fill="#e67700"/><circle cx="152" cy="92" r="48" fill="#fcc419"/>' +
      '<circle cx="152" cy="92" r="34" fill="none" stroke="#e67700" stroke-width="5"/>' +
      '<path d="M166 76a22 22 0 1 0 0 32" fill="none" stroke="#e67700" stroke-width="9" stroke-linecap="round"/>',
  ),
  premium: frame(
    '#2b2d42',
    '<path d="M48 168l-8-92 48 36 32-56 32 56 48-36-8 92z" fill="#fcc419"/>' +
      '<rect x="48" y="172" width="144" height="20" rx="6" fill="#f08c00"/>' +
      '<circle cx="120" cy="132" r="12" fill="#e03131"/><circle cx="80" cy="140" r="8" fill="#4dabf7"/><circle cx="160" cy="140" r="8" fill="#4dabf7"/>',
  ),
  cloud: frame(
    '#e3fafc',
    '<path d="M70 170a36 36 0 0 1 2-72 50 50 0 0 1 96-8 40 40 0 0 1 4 80z" fill="#22b8cf"/>' +
      '<path d="M120 158v-48m-20 20 20-20 20 20" fill="none" stroke="#fff" stroke-width="12" stroke-linecap="round" stroke-linejoin="round"/>',
  ),
  figure: frame(
    '#f8f0fc',
    '<ellipse cx="120" cy="196" rx="58" ry="12" fill="#495057"/>' +
      '<path d="M84 192c0-44 14-72 36-72s36 28 36 72z" fill="#cc5de8"/>' +
      '<circle cx="120" cy="92" r="30" fill="#ffc9c9"/>' +
      '<path d="M88 88c0-24 14-36 32-36s32 12 32 36c-10-10-22-14-32-14s-22 4-32 14z" fill="#5f3dc4"/>' +
      '<circle cx="110" cy="96" r="4" fill="#212529"/><circle cx="130" cy="96" r="4" fill="#212529"/>' +
      '<path d="M84 150l-20 18M156 150l20 18" stroke="#cc5de8" stroke-width="12" stroke-linecap="round"/>',
  ),
  keychain: frame(
    '#ebfbee',
    '<circle cx="80" cy="64" r="26" fill="none" stroke="#868e96" stroke-width="8"/>' +
      '<path d="M98 82l16 16" stroke="#868e96" stroke-width="8" stroke-linecap="round"/>' +
      '<circle cx="144" cy="140" r="54" fill="#f8f9fa" stroke="#212529" stroke-width="6"/>' +
      '<circle cx="104" cy="100" r="18" fill="#212529"/><circle cx="184" cy="100" r="18" fill="#212529"/>' +
      '<ellipse cx="124" cy="138" rx="14" ry="18" fill="#212529"/><ellipse cx="164" cy="138" rx="14" ry="18" fill="#212529"/>' +
      '<circle cx="126" cy="136" r="5" fill="#fff"/><circle cx="162" cy="136" r="5" fill="#fff"/>' +
      '<ellipse cx="144" cy="162" rx="8" ry="6" fill="#212529"/>',
  ),
  dragon: frame(
    '#fff5f5',
    [40, 68, 96, 124, 152]
      .map((x, i) => `<rect x="${x}" y="${118 + (i % 2) * 10}" width="26" height="34" rx="8" fill="${i % 2 ? '#f03e3e' : '#fa5252'}"/>`)
      .join('') +
      '<path d="M176 104h30l10 24-14 6 4 16h-30z" fill="#e03131"/>' +
      '<circle cx="196" cy="118" r="4" fill="#fff"/>' +
      '<path d="M40 136l-14 -12 4 24z" fill="#e03131"/>' +
      '<path d="M96 118l10-22 10 22M124 128l10-22 10 22" fill="#ffa8a8"/>',
  ),
  gift: frame(
    '#fff0f6',
    '<rect x="52" y="104" width="136" height="96" rx="8" fill="#e64980"/>' +
      '<rect x="44" y="84" width="152" height="30" rx="6" fill="#f06595"/>' +
      '<rect x="110" y="84" width="20" height="116" fill="#ffd43b"/>' +
      '<path d="M120 84c-30-36-56-20-40 0zM120 84c30-36 56-20 40 0z" fill="#ffd43b"/>',
  ),
};
