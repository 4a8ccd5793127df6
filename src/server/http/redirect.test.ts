import { describe, expect, it } from 'vitest';
import { safeLocation } from './redirect.ts';

describe('safeLocation', () => {
  it('percent-encodes a path of this site so a header can carry it', () => {
    expect(safeLocation('/search?key=电阻')).toBe('/search?key=%E7%94%B5%E9%98%BB');
    expect(safeLocation('/search?key=%E7%94%B5')).toBe('/search?key=%E7%94%B5');
    expect(safeLocation('/search?key=100% 5')).toBe('/search?key=100%25%205');
    expect(safeLocation('/product/detail/12#params')).toBe('/product/detail/12#params');
  });

  it('sends anything that could leave the site home', () => {
    for (const target of [
      '//evil.example',
      '/\\evil.example',
      'https://evil.example/',
      'evil.example',
      '',
      '/\t/evil.example',
      '/x\r\nSet-Cookie: a=b',
      'javascript:alert(1)',
    ]) {
      expect(safeLocation(target)).toBe('/');
    }
  });

  it('allows the other site the configuration names, and only it', () => {
    expect(safeLocation('https://m.example.com/product/detail/1?x=电', 'https://m.example.com')).toBe('https://m.example.com/product/detail/1?x=%E7%94%B5');
    expect(safeLocation('https://m.example.com.evil.example/', 'https://m.example.com')).toBe('/');
    expect(safeLocation('https://evil.example/', 'https://m.example.com')).toBe('/');
    expect(safeLocation('/m/product/detail/1', '/m')).toBe('/m/product/detail/1');
    expect(safeLocation('data:text/html,x', 'data:text/html,y')).toBe('/');
  });
});
