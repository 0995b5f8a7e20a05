/**
 * The form of the shop input modes (shopOrder.fields.ts) against their reader (orderInput/read/fromShopOrder.ts):
 * every setting shown in the shop modes only, with the reader's defaults and the values it accepts; the Overrides
 * hold the order number, the date, the lines and each recipient field, in alphabetical order.
 */
import type { INodeProperties, INodePropertyOptions } from 'n8n-workflow';

import {
	SHOP_INPUT_MODE_OPTIONS,
	shopOrderFields,
} from '../../../../../nodes/Printio/actions/order/shopOrder.fields';
import { fieldsOf } from '../../../../../nodes/Printio/orderInput/fields';
import { shopPlatformOf } from '../../../../../nodes/Printio/orderInput/read/fromShopOrder';
import { DEFAULT_SHOP_SETTINGS } from '../../../../../nodes/Printio/orderInput/read/shop';

const form = shopOrderFields();
const byName = (properties: readonly INodeProperties[], name: string) =>
	properties.find((property) => property.name === name);
const values = (property: INodeProperties | undefined) =>
	(property?.options as INodePropertyOptions[]).map((option) => option.value);
const shop = byName(form, 'shopOrder')?.options as INodeProperties[];
const overrides = byName(form, 'shopOverrides')?.options as INodeProperties[];

describe('shopOrderFields', () => {
	it('offers the two platforms the reader knows', () => {
		expect(SHOP_INPUT_MODE_OPTIONS.map((option) => option.value)).toEqual([
			'shopifyOrder',
			'wooCommerceOrder',
		]);
		for (const option of SHOP_INPUT_MODE_OPTIONS)
			expect(shopPlatformOf(String(option.value))).toBeDefined();
		expect(SHOP_INPUT_MODE_OPTIONS.map((option) => option.name)).toEqual([
			'Shopify Order',
			'WooCommerce Order',
		]);
	});

	it('shows every top-level setting in the shop modes only', () => {
		expect(form.map((property) => property.name)).toEqual([
			'shopOrderNotice',
			'orderNumberPrefix',
			'lineIdentifier',
			'lineCodeKind',
			'shopOrder',
			'shopOverrides',
		]);
		for (const property of form)
			expect(property.displayOptions).toEqual({
				show: { inputMode: ['shopifyOrder', 'wooCommerceOrder'] },
			});
	});

	it('defaults to what the reader assumes, and offers only values it accepts', () => {
		expect(byName(form, 'orderNumberPrefix')?.default).toBe(
			DEFAULT_SHOP_SETTINGS.orderNumberPrefix,
		);
		expect(byName(form, 'lineIdentifier')?.default).toBe(DEFAULT_SHOP_SETTINGS.lineIdentifier);
		expect(values(byName(form, 'lineIdentifier'))).toEqual(['productId', 'sku', 'variantId']);
		expect(byName(form, 'lineCodeKind')?.default).toBe(DEFAULT_SHOP_SETTINGS.codeKind);
		expect(values(byName(form, 'lineCodeKind'))).toEqual([
			'ecOriginalItemCode',
			'originalItemCode',
		]);
		const shopDefaults = Object.fromEntries(shop.map((option) => [option.name, option.default]));
		expect(shopDefaults).toEqual({
			hueAttribute: DEFAULT_SHOP_SETTINGS.colorAttribute,
			nonPrintLines: DEFAULT_SHOP_SETTINGS.nonPrintLines,
			orderNumberFrom: DEFAULT_SHOP_SETTINGS.orderNumberFrom,
			partlyRefundedOrders: DEFAULT_SHOP_SETTINGS.partlyRefundedOrders,
			placeTestOrders: DEFAULT_SHOP_SETTINGS.placeTestOrders,
			sizeAttribute: DEFAULT_SHOP_SETTINGS.sizeAttribute,
			variantTitleColorPart: DEFAULT_SHOP_SETTINGS.colorPart,
			variantTitleSizePart: DEFAULT_SHOP_SETTINGS.sizePart,
		});
		expect(values(byName(shop, 'nonPrintLines'))).toEqual(['fail', 'leaveOut']);
		expect(values(byName(shop, 'orderNumberFrom'))).toEqual(['id', 'number']);
		expect(values(byName(shop, 'partlyRefundedOrders'))).toEqual(['placeAll', 'refuse']);
		expect(byName(shop, 'placeTestOrders')?.type).toBe('boolean');
	});

	it('shows the attribute names and Partly Refunded Orders for WooCommerce, the variant title parts and Place Test Orders for Shopify only', () => {
		for (const name of ['hueAttribute', 'sizeAttribute', 'partlyRefundedOrders'])
			expect(byName(shop, name)?.displayOptions).toEqual({
				show: { '/inputMode': ['wooCommerceOrder'] },
			});
		for (const name of ['variantTitleColorPart', 'variantTitleSizePart', 'placeTestOrders'])
			expect(byName(shop, name)?.displayOptions).toEqual({
				show: { '/inputMode': ['shopifyOrder'] },
			});
		for (const name of ['nonPrintLines', 'orderNumberFrom'])
			expect(byName(shop, name)?.displayOptions).toBeUndefined();
	});

	it('overrides the order number, the date, the lines and every recipient field, listed alphabetically', () => {
		const recipient = fieldsOf('orderByCode').filter(
			(field) => field.part === 'shipping_information',
		);
		expect(overrides.map((option) => option.name).sort()).toEqual(
			[
				'ecOrderDate',
				'ecOrderNo',
				'linesJson',
				...recipient.map((field) => field.parameter),
			].sort(),
		);
		const names = overrides.map((option) => option.displayName);
		expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b)));
		for (const field of recipient) {
			const option = byName(overrides, field.parameter);
			expect(option).toEqual(
				expect.objectContaining({
					displayName: `Recipient ${field.name}`,
					type: 'string',
					default: '',
				}),
			);
			expect(option?.description).toBe(
				`Replaces the recipient ${field.name.toLowerCase()} read from the order`,
			);
			expect(option?.placeholder).toBe(field.kind === 'mail' ? 'name@email.com' : undefined);
		}
		expect(byName(overrides, 'linesJson')).toEqual(
			expect.objectContaining({ type: 'json', default: '' }),
		);
	});
});
