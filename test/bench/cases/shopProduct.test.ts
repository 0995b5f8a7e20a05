/** The bench's count of shop requests per product, from the shape of shop_product. */
import { shopRequestsOf } from '../../../bench/cases/shopProduct';

describe('shop requests per product', () => {
	it('Shopify: one productSet; WooCommerce: find, create or update, and the batch only with variations', () => {
		expect(
			shopRequestsOf({ platform: 'shopify', body: { query: 'mutation', variables: {} } }),
		).toBe(1);
		expect(
			shopRequestsOf({
				platform: 'wooCommerce',
				find_by: { sku: 'EC-1' },
				product: { type: 'variable' },
				variations_batch: { create: [{ sku: 'EC-1~White~M' }] },
			}),
		).toBe(3);
		expect(
			shopRequestsOf({
				platform: 'wooCommerce',
				find_by: { sku: 'EC-1~~' },
				product: { type: 'simple' },
				variations_batch: { create: [] },
			}),
		).toBe(2);
	});
});
