import { expect, newParts, test, waitForHydration } from './fixtures.ts';
import { placeOrder, saveShenzhenAddress } from './order-fixtures.ts';

/** The keyboard and ARIA patterns of docs/areas/accessibility.md: the search combobox, the category menu, the modal dialog. */

/** A page with the full header and no pop-up on load. */
const anyPage = '/brand';

test.describe('the header search combobox', () => {
  test('ArrowDown moves aria-activedescendant onto an option and Enter opens its results', async ({ page }) => {
    await page.goto(anyPage);
    await waitForHydration(page);
    const input = page.getByRole('combobox', { name: '搜索元器件' });
    await expect(input).toHaveAttribute('aria-expanded', 'false');
    await expect(input).toHaveAttribute('aria-autocomplete', 'list');
    await input.pressSequentially('STM32F103');
    const listbox = page.getByRole('listbox', { name: '搜索建议' });
    await expect(listbox).toBeVisible();
    await expect(input).toHaveAttribute('aria-expanded', 'true');
    await expect(input).toHaveAttribute('aria-controls', (await listbox.getAttribute('id')) ?? 'no id');
    await expect(input).not.toHaveAttribute('aria-activedescendant', /./);

    await input.press('ArrowDown');
    await input.press('ArrowDown');
    const second = listbox.getByRole('option').nth(1);
    await expect(second).toHaveAttribute('aria-selected', 'true');
    await expect(input).toHaveAttribute('aria-activedescendant', (await second.getAttribute('id')) ?? 'no id');
    await expect(input).toBeFocused();
    const key = (await second.locator('.search-box__option-key').textContent()) ?? '';
    expect(key).toContain('STM32F103');
    await expect(input).toHaveValue(key);

    await input.press('Enter');
    await page.waitForURL((url) => url.pathname === '/search' && url.searchParams.get('key') === key);
  });

  test('Escape closes the list, a second Escape empties the box', async ({ page }) => {
    await page.goto(anyPage);
    await waitForHydration(page);
    const input = page.getByRole('combobox', { name: '搜索元器件' });
    await input.pressSequentially('STM32');
    const listbox = page.getByRole('listbox', { name: '搜索建议' });
    await expect(listbox).toBeVisible();
    await input.press('ArrowDown');
    await expect(input).toHaveAttribute('aria-activedescendant', /option-0$/);

    await input.press('Escape');
    await expect(listbox).toBeHidden();
    await expect(input).toHaveAttribute('aria-expanded', 'false');
    await expect(input).not.toHaveAttribute('aria-activedescendant', /./);
    await expect(input).not.toHaveValue('');
    await input.press('Escape');
    await expect(input).toHaveValue('');
    await expect(input).toBeFocused();
  });
});

test.describe('the category mega-menu', () => {
  test('opens from its trigger with ArrowDown, moves between groups, enters and leaves a flyout, and Escape closes it back to the trigger', async ({
    page,
  }) => {
    await page.goto(anyPage);
    await waitForHydration(page);
    const menu = page.getByTestId('category-menu');
    const trigger = menu.getByRole('link', { name: '全部商品分类' });
    const groups = menu.getByTestId('menu-group');
    const groupName = (index: number) => groups.nth(index).locator('.category-menu__group-name');
    await expect(trigger).toHaveAttribute('aria-expanded', 'false');
    await expect(groups.first()).toBeHidden();

    // Reached by Tab like any link: the search button comes before it in the header.
    await page.getByRole('button', { name: '搜索', exact: true }).focus();
    await page.keyboard.press('Tab');
    for (let step = 0; step < 30 && !(await trigger.evaluate((element) => element === document.activeElement)); step++) await page.keyboard.press('Tab');
    await expect(trigger).toBeFocused();
    await expect(trigger).toHaveAttribute('aria-expanded', 'true');

    await page.keyboard.press('ArrowDown');
    await expect(groupName(0)).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await expect(groupName(1)).toBeFocused();
    await page.keyboard.press('ArrowUp');
    await page.keyboard.press('ArrowUp');
    await expect(groupName(7)).toBeFocused();
    await page.keyboard.press('Home');
    await expect(groupName(0)).toBeFocused();

    await page.keyboard.press('Enter');
    expect(new URL(page.url()).pathname).toBe(anyPage);
    const flyout = groups.nth(0).getByTestId('menu-flyout');
    await expect(flyout).toBeVisible();
    await expect(groupName(0)).toHaveAttribute('aria-expanded', 'true');
    const firstLink = flyout.getByRole('link').first();
    await expect(firstLink).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await expect(flyout.getByRole('link').nth(1)).toBeFocused();

    await page.keyboard.press('Escape');
    await expect(groupName(0)).toBeFocused();
    await expect(flyout).toBeHidden();
    await expect(groupName(0)).toHaveAttribute('aria-expanded', 'false');

    await page.keyboard.press('Escape');
    await expect(trigger).toBeFocused();
    await expect(groups.first()).toBeHidden();
    await expect(trigger).toHaveAttribute('aria-expanded', 'false');

    // Hovering still opens it after a dismissal.
    await page.mouse.move(0, 0);
    await trigger.hover();
    await expect(groups.first()).toBeVisible();
  });
});

test.describe('the modal dialog', () => {
  test('takes the focus on open, keeps Tab and Shift+Tab inside, closes on Escape and gives the focus back', async ({ page, storeDb, member }) => {
    expect(member.userId).toBeGreaterThan(0);
    const [part] = await newParts(page, storeDb, 1);
    if (!part) throw new Error('no part');
    const placed = await placeOrder(page, [part], await saveShenzhenAddress(page));
    await page.goto('/user/order/list');
    await waitForHydration(page);
    const opener = page.getByTestId('order-card').filter({ hasText: placed.orderNo }).getByRole('button', { name: '取消订单' });
    await opener.focus();
    await page.keyboard.press('Enter');

    const dialog = page.getByRole('dialog', { name: '取消订单' });
    await expect(dialog).toBeVisible();
    const keep = dialog.getByRole('button', { name: '再想想' });
    const confirm = dialog.getByRole('button', { name: '确定取消' });
    await expect(keep).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(confirm).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(keep).toBeFocused();
    await page.keyboard.press('Shift+Tab');
    await expect(confirm).toBeFocused();

    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(opener).toBeFocused();
    await expect(page.getByTestId('order-card').filter({ hasText: placed.orderNo }).getByTestId('order-status')).toHaveText('待付款');
  });
});
