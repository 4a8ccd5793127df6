import { describe, expect, it } from 'vitest';
import { desktopHrefOf } from './mobile-frame.tsx';

describe('电脑版: the desktop address of a mobile page', () => {
  it.each([
    ['/m', '/m', '/?pc=1'],
    ['/m?inviter=U1', '/m', '/?inviter=U1&pc=1'],
    ['/m/product/detail/42', '/m', '/product/detail/42?pc=1'],
    ['/m/search?key=10k%200603', '/m', '/search?key=10k+0603&pc=1'],
    ['/m/choose/1-2?stock=1', '/m', '/choose/1-2?stock=1&pc=1'],
    ['/m/user/order/detail/2611260001', '/m', '/user/order/detail/2611260001?pc=1'],
    ['/mobile-not-under-prefix', '/m', '/?pc=1'],
    ['/product/detail/7', 'https://m.example.com', '/?pc=1'],
  ])('%s under %s → %s', (currentPath, basePath, href) => {
    expect(desktopHrefOf(currentPath, basePath)).toBe(href);
  });
});
