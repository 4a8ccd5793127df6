/**
 * Pictures of the demo content (ads, QR codes, the sales rep's portrait), drawn in code and
 * served under the image base address as /img/content/{name}. site_config and ads store
 * these paths like any uploaded picture's.
 */
const font = `font-family="'PingFang SC','Microsoft YaHei','Noto Sans CJK SC',sans-serif"`;

function svg(width: number, height: number, body: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">${body}</svg>`;
}

function topBanner(): string {
  return svg(
    1200,
    80,
    `<defs><linearGradient id="g" x1="0" x2="1"><stop offset="0" stop-color="#ff7a26"/><stop offset=".5" stop-color="#ff5a1f"/><stop offset="1" stop-color="#ff7a26"/></linearGradient></defs>
<rect width="1200" height="80" fill="url(#g)"/>
<g fill="#fff" opacity=".18"><circle cx="80" cy="10" r="46"/><circle cx="1130" cy="78" r="60"/><rect x="860" y="-20" width="26" height="120" transform="rotate(25 873 40)"/></g>
<text x="210" y="51" ${font} font-size="30" font-weight="700" fill="#fff">新人专享 · 注册即领 ¥100 元器件券包</text>
<text x="770" y="48" ${font} font-size="16" fill="#fff7e6">现货 2 小时发货 · 满 99 包邮</text>
<rect x="1000" y="22" width="120" height="36" rx="18" fill="#fff"/>
<text x="1060" y="46" ${font} font-size="16" font-weight="700" fill="#ff5a1f" text-anchor="middle">立即领取 ›</text>`,
  );
}

function sidebarAd(): string {
  return svg(
    160,
    200,
    `<defs><linearGradient id="g" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#1e50ae"/><stop offset="1" stop-color="#3b82f6"/></linearGradient></defs>
<rect width="160" height="200" rx="6" fill="url(#g)"/>
<g fill="none" stroke="#fff" stroke-opacity=".25" stroke-width="2"><rect x="56" y="34" width="48" height="48" rx="4"/><path d="M64 34v-10M80 34v-10M96 34v-10M64 92v-10M80 92v-10M96 92v-10M56 46h-10M56 70h-10M104 46h10M104 70h10"/></g>
<text x="80" y="64" ${font} font-size="18" font-weight="700" fill="#fff" text-anchor="middle">BOM</text>
<text x="80" y="120" ${font} font-size="20" font-weight="700" fill="#fff" text-anchor="middle">一键配单</text>
<text x="80" y="146" ${font} font-size="13" fill="#dbe7ff" text-anchor="middle">上传清单 秒出报价</text>
<rect x="30" y="160" width="100" height="26" rx="13" fill="#ffb020"/>
<text x="80" y="178" ${font} font-size="13" font-weight="700" fill="#fff" text-anchor="middle">立即配单</text>`,
  );
}

function popupAd(): string {
  return svg(
    560,
    360,
    `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#e4393c"/><stop offset="1" stop-color="#ff7a45"/></linearGradient></defs>
<rect width="560" height="360" rx="12" fill="url(#g)"/>
<g fill="#fff" opacity=".12"><circle cx="500" cy="40" r="90"/><circle cx="40" cy="330" r="70"/></g>
<text x="280" y="92" ${font} font-size="40" font-weight="700" fill="#fff" text-anchor="middle">新人专享大礼包</text>
<text x="280" y="136" ${font} font-size="18" fill="#ffe7d6" text-anchor="middle">注册即送 ¥100 优惠券 · 首单满 99 包邮</text>
<g ${font} text-anchor="middle">
<rect x="60" y="170" width="130" height="96" rx="8" fill="#fff"/><text x="125" y="222" font-size="34" font-weight="700" fill="#e4393c">¥50</text><text x="125" y="250" font-size="13" fill="#666">满 500 可用</text>
<rect x="215" y="170" width="130" height="96" rx="8" fill="#fff"/><text x="280" y="222" font-size="34" font-weight="700" fill="#e4393c">¥30</text><text x="280" y="250" font-size="13" fill="#666">满 300 可用</text>
<rect x="370" y="170" width="130" height="96" rx="8" fill="#fff"/><text x="435" y="222" font-size="34" font-weight="700" fill="#e4393c">¥20</text><text x="435" y="250" font-size="13" fill="#666">满 200 可用</text>
<rect x="180" y="290" width="200" height="44" rx="22" fill="#ffd666"/><text x="280" y="319" font-size="20" font-weight="700" fill="#a8071a">立即领取</text>
</g>`,
  );
}

/** A deterministic QR-style picture: three finder squares and a module pattern from the seed text. */
function qrPicture(seedText: string, caption: string): string {
  const size = 25;
  const cell = 5;
  const margin = 10;
  let state = 2166136261;
  for (const char of seedText) state = Math.imul(state ^ char.charCodeAt(0), 16777619) >>> 0;
  const next = () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state / 4294967296;
  };
  const inFinder = (x: number, y: number) => (x < 8 && y < 8) || (x >= size - 8 && y < 8) || (x < 8 && y >= size - 8);
  const modules: string[] = [];
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      if (!inFinder(x, y) && next() < 0.48) modules.push(`M${margin + x * cell} ${margin + y * cell}h${cell}v${cell}h-${cell}z`);
    }
  }
  const finder = (x: number, y: number) =>
    `<rect x="${margin + x * cell}" y="${margin + y * cell}" width="${7 * cell}" height="${7 * cell}" fill="#000"/>` +
    `<rect x="${margin + (x + 1) * cell}" y="${margin + (y + 1) * cell}" width="${5 * cell}" height="${5 * cell}" fill="#fff"/>` +
    `<rect x="${margin + (x + 2) * cell}" y="${margin + (y + 2) * cell}" width="${3 * cell}" height="${3 * cell}" fill="#000"/>`;
  const full = margin * 2 + size * cell;
  return svg(
    full,
    full + 18,
    `<rect width="${full}" height="${full + 18}" fill="#fff"/><path d="${modules.join('')}" fill="#000"/>${finder(0, 0)}${finder(size - 7, 0)}${finder(0, size - 7)}` +
      `<text x="${full / 2}" y="${full + 10}" ${font} font-size="10" fill="#666" text-anchor="middle">${caption}</text>`,
  );
}

function portrait(color: string): string {
  return svg(
    96,
    96,
    `<rect width="96" height="96" rx="48" fill="${color}"/><circle cx="48" cy="38" r="17" fill="#fff" opacity=".92"/><path d="M18 84c6-18 18-26 30-26s24 8 30 26" fill="#fff" opacity=".92"/>`,
  );
}

export const contentImages: ReadonlyMap<string, string> = new Map([
  ['ad-top.svg', topBanner()],
  ['ad-sidebar.svg', sidebarAd()],
  ['ad-popup.svg', popupAd()],
  ['wechat-qr.svg', qrPicture('xinpin-official-wechat', '芯品商城公众号')],
  ['rep-qr-1.svg', qrPicture('rep-1-wechat', '扫码添加客服微信')],
  ['rep-portrait-1.svg', portrait('#1e50ae')],
]);
