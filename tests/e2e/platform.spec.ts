import { expect, test, waitForHydration } from './fixtures.ts';

test('an unknown page is a 404 page with the shell, and hydrates without errors', async ({ page }) => {
  const response = await page.goto('/no/such/page');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: '抱歉，您访问的页面不存在' })).toBeVisible();
  await expect(page.getByRole('link', { name: '返回首页' })).toHaveAttribute('href', '/');
  // The mark journeys wait on is set by the page's script, not sent by the server.
  expect(await page.request.get('/no/such/page').then((answer) => answer.text())).not.toContain('data-hydrated');
  await waitForHydration(page);
});
