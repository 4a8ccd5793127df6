import { expect, test, waitForHydration } from './fixtures.ts';

test.describe('开放平台', () => {
  test('a member creates a key (shown once), calls /open/v1 with it, hits the rate limit, sees the usage and revokes it', async ({
    page,
    storeDb,
    member,
    part,
  }) => {
    test.setTimeout(160_000);
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.goto('/user/person');
    await page.getByRole('navigation', { name: '会员中心' }).getByRole('link', { name: 'API密钥' }).click();
    await expect(page).toHaveURL(/\/user\/api-keys$/);
    await expect(page.getByRole('heading', { name: 'API密钥', level: 1 })).toBeVisible();
    await expect(page.getByText('还没有密钥')).toBeVisible();
    // Creating, copying and revoking need the page's script: a click before hydration is lost on a loaded machine.
    await waitForHydration(page);

    await page.getByLabel('密钥名称').fill('采购脚本');
    await page.getByRole('button', { name: '创建密钥' }).click();
    const shown = page.getByTestId('created-key-value');
    await expect(shown).toHaveValue(/^xp_live_\d+_[A-Za-z0-9_-]{43}$/);
    const apiKey = await shown.inputValue();
    await page.getByTestId('created-key').getByRole('button', { name: '复制' }).click();
    await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe(apiKey);
    await expect(page.getByTestId('api-key-row')).toHaveCount(1);
    await expect(page.getByTestId('api-key-row')).toContainText('采购脚本');
    const keyId = Number(apiKey.split('_')[2]);
    const stored = await storeDb.selectFrom('apiKeys').select(['userId', 'secretHash']).where('id', '=', keyId).executeTakeFirstOrThrow();
    expect(stored.userId).toBe(member.userId);
    expect(stored.secretHash).not.toContain(apiKey.split('_').slice(3).join('_'));
    // Shown once: after closing it, and after a reload, the key is nowhere on the page.
    await page.getByRole('button', { name: '我已保存' }).click();
    await expect(page.getByTestId('created-key')).toHaveCount(0);
    await page.reload();
    expect(await page.content()).not.toContain(apiKey);

    // A part of the journey's own: its stock is what the API must answer, whatever journeys alongside buy.
    const product = part;
    const stockUrl = `/open/v1/products/${product.id}/stock`;
    const stock = await page.request.get(stockUrl, { headers: { 'X-Api-Key': apiKey } });
    expect(stock.status()).toBe(200);
    // The store's envelope: code 1, the answer in data.
    const stockAnswer = (await stock.json()) as Record<string, unknown>;
    expect(Object.keys(stockAnswer).sort()).toEqual(['code', 'data', 'msg']);
    expect(stockAnswer).toMatchObject({ code: 1, data: { productId: product.id, partNumber: product.code, stock: product.stock, isInStock: true }, msg: '' });
    const search = await page.request.get(`/open/v1/search?keyword=${encodeURIComponent(product.code)}`, { headers: { 'X-Api-Key': apiKey } });
    expect(((await search.json()) as { data: { items: { productId: number }[] } }).data.items.map((item) => item.productId)).toContain(product.id);

    // The limit the store runs with, as the documentation states it.
    await page.goto('/api/index');
    const limit = Number(await page.getByTestId('api-rate').textContent());
    expect(limit).toBeGreaterThan(0);
    // The limit is a sliding 60 seconds: the burst goes on until refused, and no 60 seconds of the store's
    // counters (one row a second, refused requests taken back) ever held more than the limit.
    let served = 0;
    let refused: Awaited<ReturnType<typeof page.request.get>> | null = null;
    for (let i = 0; i < 2 * limit + 1 && !refused; i++) {
      const response = await page.request.get(stockUrl, { headers: { 'X-Api-Key': apiKey } });
      if (response.status() === 429) refused = response;
      else {
        served += 1;
        expect(response.headers()['x-ratelimit-limit']).toBe(String(limit));
      }
    }
    expect(refused).not.toBeNull();
    expect(served + 2).toBeGreaterThanOrEqual(limit);
    const retryAfter = Number(refused?.headers()['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(61);
    expect(refused?.headers()['x-ratelimit-remaining']).toBe('0');
    expect(await refused?.json()).toEqual({ code: 429, data: null, msg: '请求过于频繁，请在 Retry-After 秒后重试', errorCode: 'openApi.rateLimited' });
    const slots = await storeDb
      .selectFrom('rateCounters')
      .select(['windowStart', 'count'])
      .where('key', '=', `open-api:rate:${String(keyId)}`)
      .orderBy('windowStart')
      .execute();
    expect(slots.reduce((sum, slot) => sum + slot.count, 0)).toBe(served + 2);
    for (const slot of slots) {
      const within = slots.filter((other) => other.windowStart >= slot.windowStart - 60_000 && other.windowStart <= slot.windowStart);
      expect(within.reduce((sum, other) => sum + other.count, 0)).toBeLessThanOrEqual(limit);
    }

    // Usage is counted per Beijing day, which may also turn meanwhile: the page shows each stored day, today's in the row.
    const usage = await storeDb.selectFrom('apiKeyUsage').select(['day', 'requestCount', 'limitedCount']).where('keyId', '=', keyId).execute();
    expect(usage.reduce((sum, day) => sum + day.requestCount, 0)).toBe(served + 2);
    expect(usage.reduce((sum, day) => sum + day.limitedCount, 0)).toBe(1);
    await page.goto('/user/api-keys');
    await waitForHydration(page);
    const row = page.getByTestId('api-key-row');
    for (const day of usage) {
      const shown = page.locator(`[data-testid="api-usage-day"][data-day="${day.day}"]`);
      await expect(shown.locator('.api-usage__count')).toHaveText(String(day.requestCount));
      if (day.limitedCount > 0) await expect(shown).toContainText(`超限 ${String(day.limitedCount)}`);
    }
    const today = await page.getByTestId('api-usage-day').last().getAttribute('data-day');
    await expect(row.getByTestId('api-key-today')).toHaveText(String(usage.find((day) => day.day === today)?.requestCount ?? 0));

    page.once('dialog', (dialog) => void dialog.accept());
    await row.getByRole('button', { name: '停用' }).click();
    await expect(row.getByTestId('api-key-state')).toContainText('已停用');
    const afterRevoke = await page.request.get(stockUrl, { headers: { 'X-Api-Key': apiKey } });
    expect(afterRevoke.status()).toBe(401);
    expect(await afterRevoke.json()).toEqual({ code: 401, data: null, msg: 'API 密钥无效或已停用', errorCode: 'openApi.badKey' });
    await page.screenshot({ path: 'test-results/open-platform-api-keys.png', fullPage: true });
  });

  test('a member creates a sandbox key beside the live one; its order takes no stock, is paid by 模拟支付 and stays out of 我的订单', async ({
    page,
    storeDb,
    member,
    part,
  }) => {
    await page.goto('/user/api-keys');
    await waitForHydration(page);
    await page.getByLabel('密钥名称').fill('联调沙箱');
    await page.getByRole('radio', { name: '沙箱密钥（测试下单，不发货）' }).check();
    await page.getByRole('button', { name: '创建沙箱密钥' }).click();
    await expect(page.getByRole('heading', { name: '新沙箱密钥已创建' })).toBeVisible();
    const sandboxKey = await page.getByTestId('created-key-value').inputValue();
    expect(sandboxKey).toMatch(/^xp_test_\d+_[A-Za-z0-9_-]{43}$/);
    await expect(page.getByTestId('api-key-active-count')).toHaveText('有效密钥 0/5，沙箱 1/5');
    const row = page.getByTestId('api-key-row');
    await expect(row.getByTestId('api-key-kind')).toHaveText('沙箱');
    const keyId = Number(sandboxKey.split('_')[2]);
    const stored = await storeDb.selectFrom('apiKeys').select(['userId', 'isSandbox']).where('id', '=', keyId).executeTakeFirstOrThrow();
    expect(stored).toEqual({ userId: member.userId, isSandbox: 1 });
    await page.screenshot({ path: 'test-results/open-platform-sandbox-key.png', fullPage: true });
    await page.getByRole('button', { name: '我已保存' }).click();

    const headers = { 'X-Api-Key': sandboxKey, 'Idempotency-Key': `e2e-${String(keyId)}` };
    const body = { lines: [{ productId: part.id, quantity: part.quantity, customerPartNo: 'E2E-CPN' }], carrierCode: 'pickup', poNumber: 'PO-E2E' };
    const placed = await page.request.post('/open/v1/orders', { headers, data: body });
    expect(placed.status()).toBe(200);
    const answer = (await placed.json()) as { data: { order: { orderNo: string; isSandbox: boolean; state: string }; howToPay: { sandboxPayPath: string } } };
    const { orderNo } = answer.data.order;
    expect(answer.data.order).toMatchObject({ isSandbox: true, state: 'unpaid' });
    // The same key and body: the same order, one of it.
    expect(((await (await page.request.post('/open/v1/orders', { headers, data: body })).json()) as typeof answer).data.order.orderNo).toBe(orderNo);
    expect((await storeDb.selectFrom('products').select('stock').where('id', '=', part.id).executeTakeFirstOrThrow()).stock).toBe(part.stock);

    const paid = await page.request.post(answer.data.howToPay.sandboxPayPath, { headers: { 'X-Api-Key': sandboxKey } });
    expect(((await paid.json()) as { data: { order: { state: string } } }).data.order.state).toBe('unshipped');
    const order = await storeDb.selectFrom('orders').select(['isSandbox', 'status', 'paymentMethod']).where('orderNo', '=', orderNo).executeTakeFirstOrThrow();
    expect(order).toEqual({ isSandbox: 1, status: 'unshipped', paymentMethod: 'development' });

    await page.goto('/user/order/list');
    await expect(page.getByRole('heading', { name: '我的订单' }).first()).toBeVisible();
    await expect(page.getByText(orderNo)).toHaveCount(0);
  });

  test('/api/index documents every operation of the OpenAPI document with its fields and examples, and the webhooks', async ({ page, request }) => {
    // The list comes from the document the server serves, not from a hand list: an operation added there must show here.
    const document = await request.get('/open/v1/openapi.json');
    expect(document.status()).toBe(200);
    const spec = (await document.json()) as {
      openapi: string;
      paths: Record<string, Record<string, { operationId: string; summary: string }>>;
      webhooks: Record<string, unknown>;
    };
    expect(spec.openapi).toBe('3.1.0');
    const operations = Object.entries(spec.paths).flatMap(([path, methods]) =>
      Object.entries(methods).map(([method, operation]) => ({ method: method.toUpperCase(), path, ...operation })),
    );
    expect(operations.length).toBeGreaterThanOrEqual(19);

    await page.goto('/api/index');
    await expect(page).toHaveTitle(/开放平台/);
    await expect(page.getByRole('heading', { name: '芯品商城开放平台 API', level: 1 })).toBeVisible();
    await expect(page.getByTestId('api-endpoint')).toHaveCount(operations.length);
    for (const operation of operations) {
      const section = page.locator(`[id="${operation.operationId}"]`);
      await expect(section.locator('.api-method'), operation.operationId).toHaveText(operation.method);
      await expect(section.locator('.api-endpoint__path')).toHaveText(operation.path);
      await expect(section.locator('pre[data-language="curl"]')).toContainText(operation.method === 'GET' ? 'curl -sS' : `-X ${operation.method}`);
      await expect(section.locator('pre[data-language="typescript"]')).toHaveCount(1);
      await expect(section.getByTestId('api-response-example')).toContainText('"code": 1');
      await expect(page.getByRole('navigation', { name: '接口目录' }).locator(`a[href="#${operation.operationId}"]`)).toHaveText(operation.summary);
    }
    // The cart's order: curl and TypeScript carry the Idempotency-Key; the TypeScript tab shows the generated client.
    const cartOrder = page.locator('#orderCart');
    await expect(cartOrder.locator('pre[data-language="curl"]')).toContainText('Idempotency-Key: erp-cart-order-');
    await cartOrder.getByRole('tab', { name: 'TypeScript' }).click();
    await expect(cartOrder.locator('pre[data-language="typescript"]')).toBeVisible();
    await expect(cartOrder.locator('pre[data-language="typescript"]')).toContainText('client.POST("/open/v1/cart/order"');
    await expect(page.locator('#paySandboxOrder pre[data-language="curl"]')).toContainText('YOUR_SANDBOX_API_KEY');
    // The webhooks: every event of the document, and the signature check in Node.
    await expect(page.getByTestId('api-webhook')).toHaveCount(Object.keys(spec.webhooks).length);
    await expect(page.getByTestId('api-webhook-verification')).toContainText('timingSafeEqual');
    const price = page.locator('#getPrice');
    // The first table lists the parameters, the last the response fields.
    await expect(price.locator('table').first().getByRole('cell', { name: 'quantity', exact: true })).toBeVisible();
    await expect(price.locator('table').last().getByRole('cell', { name: 'amountCents', exact: true })).toBeVisible();
    await expect(price.locator('pre[data-language="curl"]')).toContainText('X-Api-Key: YOUR_API_KEY');
    await price.getByRole('tab', { name: 'Python' }).click();
    await expect(price.locator('pre[data-language="python"]')).toBeVisible();
    await expect(price.locator('pre[data-language="python"]')).toContainText('urllib.request');
    await expect(price.locator('pre[data-language="curl"]')).toBeHidden();
    await expect(price.getByRole('heading', { name: '响应字段（data）' })).toBeVisible();
    // Every answer is the store's envelope, as the page shows it.
    await expect(page.getByTestId('api-success-example')).toContainText('"code": 1');
    await expect(page.getByTestId('api-failure-example')).toContainText('"errorCode": "openApi.invalid"');
    await expect(page.getByTestId('api-error-table').getByRole('cell', { name: 'openApi.tooManyFailures' })).toBeVisible();
    // Headers, limits and pagination, as an integrator needs them.
    await expect(page.getByTestId('api-rate-headers').getByRole('cell', { name: 'X-RateLimit-Remaining', exact: true })).toBeVisible();
    await expect(page.getByRole('region', { name: '分页' })).toContainText('不会重复返回最后一页');

    await page.locator('#getCart').scrollIntoViewIfNeeded();
    await page.screenshot({ path: 'test-results/open-platform-api-index-cart.png' });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.locator('#orderCart').scrollIntoViewIfNeeded();
    await page.screenshot({ path: 'test-results/open-platform-api-index-390.png' });
  });
});
