import { describe, expect, it } from 'vitest';
import type { TestApp } from '../../testing/test-app.ts';
import { useTestApp } from '../../testing/use-test-app.ts';
import { brandDefinitions } from '../../seed/brands.data.ts';
import { seedCatalog } from '../../seed/catalog-seed.ts';
import { brandColors } from './brand-colors.ts';
import { brandColor } from './brand-logo.ts';
import { packageImageName, packageImageNames } from './package-image-names.ts';
import { drawnPackageNames } from './package-images.ts';
import { imageRoutePrefix } from './images.service.ts';

const t = useTestApp({ fixture: (app) => seedCatalog(app.db, { skus: 300 }) });

function expectSvg(response: Awaited<ReturnType<TestApp['app']['inject']>>) {
  expect(response.statusCode).toBe(200);
  expect(response.headers['content-type']).toMatch(/^image\/svg\+xml/);
  expect(String(response.headers['cache-control'])).toMatch(/public, max-age=\d{5,}/);
  expect(response.headers['set-cookie']).toBeUndefined();
  expect(response.body.startsWith('<svg xmlns="http://www.w3.org/2000/svg"')).toBe(true);
  expect(response.body.endsWith('</svg>')).toBe(true);
}

describe('images route', () => {
  it('draws every package name the catalogue can use', async () => {
    expect(new Set(drawnPackageNames)).toEqual(new Set(packageImageNames));
    for (const name of packageImageNames) {
      const response = await t.app.inject({ method: 'GET', url: `/img/package/${name}.svg` });
      expectSvg(response);
      expect(response.headers['cache-control']).toContain('immutable');
    }
  });

  it('serves the drawing of every seeded product', async () => {
    const paths = await t.db.kysely.selectFrom('products').select('imagePath').distinct().execute();
    expect(paths.length).toBeGreaterThan(15);
    for (const { imagePath } of paths) {
      expect(imagePath).not.toBeNull();
      expectSvg(await t.app.inject({ method: 'GET', url: `/img/${imagePath ?? ''}` }));
    }
  });

  it('maps package names to drawings, falling back to a generic shape', () => {
    expect(packageImageName('SOP-8')).toBe('sop-8');
    expect(packageImageName('SOIC-8')).toBe('sop-8');
    expect(packageImageName('TSSOP-16')).toBe('tssop');
    expect(packageImageName('LQFP-48')).toBe('qfp-48');
    expect(packageImageName('LQFP-100')).toBe('qfp-64');
    expect(packageImageName('0603')).toBe('0603');
    expect(packageImageName('SOT-223')).toBe('sot-223');
    expect(packageImageName('SOT-23-5')).toBe('sot-23-6');
    expect(packageImageName('模块,SMD')).toBe('module');
    expect(packageImageName('HC-49S')).toBe('hc-49');
    expect(packageImageName('插件,P=2.54mm', 'pin-header')).toBe('pin-header');
    expect(packageImageName('插件,P=7.5mm')).toBe('radial');
    expect(packageImageName('BGA-256')).toBe('ic');
  });

  it('answers 404 for unknown or malformed names', async () => {
    for (const url of [
      '/img/package/nothing.svg',
      '/img/package/sop-8.png',
      '/img/package/..%2F..%2Fpackage.json',
      '/img/package/constructor.svg',
      '/img/brand/999999.svg',
      '/img/brand/abc.svg',
      '/img/avatar/other.svg',
    ]) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(404);
      expect(response.headers['content-type']).toMatch(/^text\/plain/);
    }
  });

  it('draws brand wordmarks with the English and Chinese names', async () => {
    const brand = await t.db.kysely.selectFrom('brands').select(['id', 'nameEn', 'nameCn', 'logoPath']).where('nameEn', '=', 'TI').executeTakeFirstOrThrow();
    const logoPath = `brand/${brand.id}.svg`;
    expect(brand.logoPath).toBe(logoPath);
    const response = await t.app.inject({ method: 'GET', url: `/img/${logoPath}` });
    expectSvg(response);
    expect(response.body).toContain('>TI</text>');
    expect(response.body).toContain('德州仪器');
    expect(response.body).toContain('#cc0000');
  });

  it('draws every maker of the demo catalogue in its own colour, others in a stable one', () => {
    for (const brand of Object.values(brandDefinitions)) expect(brandColors[brand.nameEn], brand.nameEn).toMatch(/^#[0-9a-f]{6}$/);
    expect(brandColor('Unknown Maker')).toBe(brandColor('Unknown Maker'));
    expect(brandColor('constructor')).toMatch(/^#[0-9a-f]{6}$/);
  });

  it('serves the default avatar', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/img/avatar/default.svg' });
    expectSvg(response);
    expect(response.body).toContain('默认头像');
  });

  it('serves under the local image base address, or /img/ when images come from elsewhere', () => {
    expect(imageRoutePrefix('/img/')).toBe('/img/');
    expect(imageRoutePrefix('/static/pictures/')).toBe('/static/pictures/');
    expect(imageRoutePrefix('https://cdn.example.com/')).toBe('/img/');
  });
});
