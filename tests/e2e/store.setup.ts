import { test } from './fixtures.ts';
import { makeShelf } from './part-fixtures.ts';

/** Before any journey: the shelf the journeys' own parts go on (two hidden categories), so making parts never changes a menu while journeys run. */
test('the journeys’ shelf is on the store', async ({ storeDb }) => {
  await makeShelf(storeDb);
});
