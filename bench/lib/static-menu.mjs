// The ceiling for the menu page: the same menu as plain, server-written HTML with a little inline CSS
// and no JavaScript. Item images use the same /tenant-images/ URLs; the first screenful loads eagerly,
// the rest lazily, with their size reserved (what a hand-made static page would do).
import { menuItems } from './context.mjs';

const EAGER_IMAGES = 8;

const escapeHtml = (text) =>
  String(text ?? '').replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]);
const stripTags = (html) =>
  String(html ?? '')
    .replace(/<[^>]*>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
const price = (cents) => (typeof cents === 'number' ? `$${(cents / 100).toFixed(2)}` : '');

const CSS = `
*{box-sizing:border-box}
body{margin:0;font:16px/1.4 system-ui,sans-serif;color:#2a1a12;background:#fffaf2}
header{padding:16px;background:#9b1c31;color:#fff}
h1{margin:0;font-size:1.4rem}
h2{margin:24px 16px 8px;font-size:1.2rem}
ul{list-style:none;margin:0;padding:0}
li{display:flex;gap:12px;padding:12px 16px;border-bottom:1px solid #eadfce}
li img{flex:none;width:88px;height:88px;border-radius:8px;object-fit:cover;background:#f3e9da}
h3{margin:0;font-size:1rem}
p{margin:4px 0 0;font-size:.9rem}
.price{font-weight:600}
`.trim();

/** → { html, items, sections } for a menus response (GET /api/restaurants/{id}/menus). */
export function staticMenuHtml(menusJson, { title = 'Menu' } = {}) {
  let imageIndex = 0;
  const itemHtml = ({ item }) => {
    const img = item.image
      ? `<img src="${escapeHtml(item.image)}" alt="" width="88" height="88"${imageIndex++ < EAGER_IMAGES ? '' : ' loading="lazy"'} decoding="async">`
      : '';
    const description = stripTags(item.description);
    return `<li>${img}<div><h3>${escapeHtml(item.name)}</h3>${description ? `<p>${escapeHtml(description)}</p>` : ''}<p class="price">${price(item.price)}</p></div></li>`;
  };
  // Group the items by section (or by menu for items outside sections), in the response's order.
  const blocks = [];
  let current = null;
  const all = menuItems(menusJson);
  for (const entry of all) {
    const owner = entry.section ?? entry.menu;
    if (!current || current.owner !== owner) {
      current = { owner, heading: owner.name, items: [] };
      blocks.push(current);
    }
    current.items.push(entry);
  }
  const body = blocks
    .map((b) => `<section><h2>${escapeHtml(b.heading)}</h2><ul>${b.items.map(itemHtml).join('')}</ul></section>`)
    .join('\n');
  const html = `<!doctype html>
<html lang="en-CA">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>${CSS}</style>
</head>
<body>
<header><h1>${escapeHtml(title)}</h1></header>
<main>
${body}
</main>
</body>
</html>
`;
  return { html, items: all.length, sections: blocks.length };
}
