import { brandColors } from './brand-colors.ts';
import { escapeXml } from './svg-kit.ts';

export interface LogoBrand {
  nameEn: string;
  nameCn: string | null;
}

const palette = ['#1d4f91', '#c8102e', '#00843d', '#e7792b', '#5b2a86', '#0a8276', '#b8860b', '#2a289d'];

/** The brand's own colour when it is one of the known makers, else a stable colour from its name. */
export function brandColor(nameEn: string): string {
  const known = Object.hasOwn(brandColors, nameEn) ? brandColors[nameEn] : undefined;
  if (known) return known;
  let hash = 0;
  for (const char of nameEn) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
  return palette[hash % palette.length] ?? '#1d4f91';
}

/**
 * A clean wordmark: the English name large in the brand colour, the Chinese name beneath,
 * on a white 240 × 120 tile (the brand wall and brand pages show it at 120 × 60).
 */
export function brandLogoSvg(brand: LogoBrand): string {
  const color = brandColor(brand.nameEn);
  const name = brand.nameEn;
  const size = name.length <= 4 ? 46 : name.length <= 8 ? 34 : name.length <= 12 ? 24 : 18;
  const hasChinese = brand.nameCn !== null && brand.nameCn !== '' && brand.nameCn !== name;
  const nameY = hasChinese ? 64 : 74;
  const chinese = hasChinese
    ? `<text x="120" y="96" font-family="'PingFang SC','Microsoft YaHei','Noto Sans CJK SC',sans-serif" font-size="17" fill="#4b5563" text-anchor="middle" letter-spacing="2">${escapeXml(brand.nameCn ?? '')}</text>`
    : '';
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 240 120" width="240" height="120" role="img" aria-label="${escapeXml(name)}">` +
    `<title>${escapeXml(hasChinese ? `${name} ${brand.nameCn ?? ''}` : name)}</title>` +
    `<rect width="240" height="120" fill="#ffffff"/>` +
    `<rect x="0" y="112" width="240" height="8" fill="${color}"/>` +
    `<text x="120" y="${nameY}" font-family="'Arial Black','Helvetica Neue',Arial,sans-serif" font-size="${size}" font-weight="900" fill="${color}" text-anchor="middle" letter-spacing="-0.5">${escapeXml(name)}</text>` +
    chinese +
    `</svg>`
  );
}

/** The default member avatar: a neutral silhouette on the store's blue. */
export function defaultAvatarSvg(): string {
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 120 120" width="120" height="120" role="img" aria-label="默认头像">` +
    `<title>默认头像</title>` +
    `<circle cx="60" cy="60" r="60" fill="#e8f0fb"/>` +
    `<circle cx="60" cy="47" r="22" fill="#7ea6dc"/>` +
    `<path d="M20 104 a40 34 0 0 1 80 0 a60 60 0 0 1 -80 0 z" fill="#7ea6dc"/>` +
    `</svg>`
  );
}
