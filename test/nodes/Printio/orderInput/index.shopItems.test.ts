/**
 * The read stage (readOrders) on a shop input mode: which input modes are shop orders, the questions a shop order's
 * lines ask the look-up (each code once, in line order), and the shop settings read from the node (each setting, its
 * fallback for a value the node cannot hold).
 */
import type { IDataObject } from 'n8n-workflow';

import { readOrders } from '../../../../nodes/Printio/orderInput';
import { DEFAULT_SHOP_SETTINGS } from '../../../../nodes/Printio/orderInput/read/shop';
import { connection, parameterContext } from '../orderRun/fakes';
import { SHOPIFY_ORDER as shopify } from './read/shopItems';

/** The read stage's entry for one item with these parameters, and the questions it asks. */
function readItem(parameters: IDataObject, json: IDataObject = {}) {
	const read = readOrders.call(
		parameterContext(parameters),
		{ operation: 'orderByCode', connection },
		[{ json }],
	);
	return { entry: read.entries[0], questions: read.questions };
}

const platformOf = (inputMode: string) => {
	const { entry } = readItem({ inputMode });
	return 'shop' in entry && !(entry.shop instanceof Error) ? entry.shop.platform : undefined;
};

const codesOf = (
	json: IDataObject,
	platform: 'shopify' | 'wooCommerce',
	settings: IDataObject = {},
) =>
	readItem(
		{ inputMode: platform === 'shopify' ? 'shopifyOrder' : 'wooCommerceOrder', ...settings },
		json,
	).questions.map((question) => question.code);

/** The shop settings the read stage reads for a Shopify order item with these parameters. */
const readShopSettings = (parameters: IDataObject = {}) => {
	const { entry } = readItem({ inputMode: 'shopifyOrder', ...parameters });
	if (!('shop' in entry) || entry.shop instanceof Error)
		throw new Error('not read as a shop order');
	return entry.shop.settings;
};

describe('input modes and codes', () => {
	it('the two shop input modes only are shop orders (not inherited names)', () => {
		expect(
			[
				'shopifyOrder',
				'wooCommerceOrder',
				'defineBelow',
				'autoMap',
				'toString',
				'constructor',
				'shopify',
			].map(platformOf),
		).toStrictEqual([
			'shopify',
			'wooCommerce',
			undefined,
			undefined,
			undefined,
			undefined,
			undefined,
		]);
	});

	it("a shop order's questions: each code once, in line order, lines without one passed over; none for an item without an order", () => {
		expect(codesOf(shopify, 'shopify')).toStrictEqual(['EC-TS-0001', 'PIN-1']);
		expect(codesOf(shopify, 'shopify', { lineIdentifier: 'variantId' })).toStrictEqual([
			'20',
			'21',
			'22',
			'23',
		]);
		expect(codesOf({ id: 1 }, 'shopify')).toStrictEqual([]);
		expect(
			codesOf({ line_items: [{ sku: 'W-1', variation_id: 0, product_id: 7 }] }, 'wooCommerce', {
				lineIdentifier: 'variantId',
			}),
		).toStrictEqual(['7']);
	});
});

describe('the shop settings', () => {
	it('no parameters: the defaults', () => {
		expect(readShopSettings()).toStrictEqual(DEFAULT_SHOP_SETTINGS);
	});

	it('every setting read from its parameter', () => {
		const parameters = {
			orderNumberPrefix: 'S1-',
			lineIdentifier: 'variantId',
			lineCodeKind: 'originalItemCode',
			shopOrder: {
				orderNumberFrom: 'id',
				nonPrintLines: 'fail',
				variantTitleColorPart: 2,
				variantTitleSizePart: '0',
				hueAttribute: 'Farbe',
				sizeAttribute: 'Größe',
				placeTestOrders: true,
				partlyRefundedOrders: 'placeAll',
			},
		};
		expect(readShopSettings(parameters)).toStrictEqual({
			orderNumberPrefix: 'S1-',
			orderNumberFrom: 'id',
			lineIdentifier: 'variantId',
			codeKind: 'originalItemCode',
			nonPrintLines: 'fail',
			colorPart: 2,
			sizePart: 0,
			colorAttribute: 'Farbe',
			sizeAttribute: 'Größe',
			placeTestOrders: true,
			partlyRefundedOrders: 'placeAll',
		});
	});

	it('values the node cannot hold fall back to the defaults', () => {
		const parameters = {
			orderNumberPrefix: 5,
			lineIdentifier: 'SKU',
			lineCodeKind: 'other',
			shopOrder: {
				orderNumberFrom: 'name',
				nonPrintLines: 'skip',
				variantTitleColorPart: -1,
				variantTitleSizePart: 1.5,
				hueAttribute: null,
				sizeAttribute: 3,
				placeTestOrders: 'yes',
				partlyRefundedOrders: 'some',
			},
		};
		expect(readShopSettings(parameters)).toStrictEqual(DEFAULT_SHOP_SETTINGS);
		expect(
			readShopSettings({ shopOrder: { variantTitleColorPart: 'x', variantTitleSizePart: '' } }),
		).toMatchObject({ colorPart: 1, sizePart: 0 });
	});
});
