/** Shop input modes: the node's settings and Overrides around the platform readers (read/shop.ts states the rules). */
import type { IDataObject, IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';
import { jsonParse, NodeOperationError } from 'n8n-workflow';

import { blockFields } from '../fields';
import { ItemReader } from '../kinds';
import type { AddressDraft, OrderOperation } from '../types';
import { readLineList } from './fromItem';
import { shopifyOrder } from './fromShopify';
import { wooCommerceOrder } from './fromWooCommerce';
import type { IsPrintItem, ShopOrder, ShopPlatform, ShopRead, ShopSettings } from './shop';
import {
	DEFAULT_SHOP_SETTINGS,
	findShopOrder,
	isSkippedTestOrder,
	notAnOrder,
	shopOrderRow,
	shopReferenceOf,
} from './shop';
import type { OptionsOf } from './variantOptions';
import { needsItemOptions } from './variantOptions';

export const SHOP_INPUT_MODES: Readonly<Record<string, ShopPlatform>> = {
	shopifyOrder: 'shopify',
	wooCommerceOrder: 'wooCommerce',
};

export function shopPlatformOf(inputMode: string): ShopPlatform | undefined {
	return Object.prototype.hasOwnProperty.call(SHOP_INPUT_MODES, inputMode)
		? SHOP_INPUT_MODES[inputMode]
		: undefined;
}

export function shopOrderOf(
	json: unknown,
	platform: ShopPlatform,
	settings: ShopSettings,
): ShopOrder | undefined {
	const order = findShopOrder(json);
	if (order === undefined) return undefined;
	return platform === 'shopify' ? shopifyOrder(order, settings) : wooCommerceOrder(order, settings);
}

/** Pure: `isPrintItem` answers which codes are print items. */
export function readShopOrder(
	json: unknown,
	platform: ShopPlatform,
	settings: ShopSettings,
	isPrintItem: IsPrintItem,
	itemIndex: number,
	optionsOf?: OptionsOf,
): ShopRead {
	const order = shopOrderOf(json, platform, settings);
	if (order === undefined) return notAnOrder(platform);
	return shopOrderRow(
		order,
		settings,
		isPrintItem,
		itemIndex,
		optionsOf,
		shopReferenceOf(findShopOrder(json) ?? {}, platform),
	);
}

/** For the original-item look-up: lines with something left to fulfil, none of a test order not to be placed. */
export function shopLineCodes(
	json: unknown,
	platform: ShopPlatform,
	settings: ShopSettings,
): string[] {
	return codesOf(json, platform, settings, () => true);
}

/** Of those, lines whose colour or size must come from the item's options. */
export function shopCodesWantingOptions(
	json: unknown,
	platform: ShopPlatform,
	settings: ShopSettings,
): string[] {
	return codesOf(json, platform, settings, needsItemOptions);
}

function codesOf(
	json: unknown,
	platform: ShopPlatform,
	settings: ShopSettings,
	wanted: (line: ShopOrder['lines'][number]) => boolean,
): string[] {
	const order = shopOrderOf(json, platform, settings);
	if (order === undefined || isSkippedTestOrder(order, settings)) return [];
	const lines = order.lines.filter((line) => line.gone === undefined && wanted(line));
	return [...new Set(lines.flatMap((line) => line.codes[settings.lineIdentifier] ?? []))];
}

const oneOf = <T extends string>(value: unknown, allowed: readonly T[], fallback: T): T =>
	allowed.find((entry) => entry === value) ?? fallback;

const position = (value: unknown, fallback: number): number => {
	const number = Number(value);
	return Number.isInteger(number) && number >= 0 ? number : fallback;
};

export function readShopSettings(this: IExecuteFunctions, itemIndex: number): ShopSettings {
	const shop = this.getNodeParameter('shopOrder', itemIndex, {}) as IDataObject;
	const text = (value: unknown, fallback: string) => (typeof value === 'string' ? value : fallback);
	const parameter = (name: string, fallback: string) =>
		this.getNodeParameter(name, itemIndex, fallback);
	return {
		orderNumberPrefix: text(
			parameter('orderNumberPrefix', ''),
			DEFAULT_SHOP_SETTINGS.orderNumberPrefix,
		),
		orderNumberFrom: oneOf(
			shop.orderNumberFrom,
			['number', 'id'],
			DEFAULT_SHOP_SETTINGS.orderNumberFrom,
		),
		lineIdentifier: oneOf(
			parameter('lineIdentifier', DEFAULT_SHOP_SETTINGS.lineIdentifier),
			['sku', 'productId', 'variantId'],
			DEFAULT_SHOP_SETTINGS.lineIdentifier,
		),
		codeKind: oneOf(
			parameter('lineCodeKind', DEFAULT_SHOP_SETTINGS.codeKind),
			['ecOriginalItemCode', 'originalItemCode'],
			DEFAULT_SHOP_SETTINGS.codeKind,
		),
		nonPrintLines: oneOf(
			shop.nonPrintLines,
			['leaveOut', 'fail'],
			DEFAULT_SHOP_SETTINGS.nonPrintLines,
		),
		colorPart: position(shop.variantTitleColorPart, DEFAULT_SHOP_SETTINGS.colorPart),
		sizePart: position(shop.variantTitleSizePart, DEFAULT_SHOP_SETTINGS.sizePart),
		colorAttribute: text(shop.hueAttribute, DEFAULT_SHOP_SETTINGS.colorAttribute),
		sizeAttribute: text(shop.sizeAttribute, DEFAULT_SHOP_SETTINGS.sizeAttribute),
		placeTestOrders: shop.placeTestOrders === true,
		partlyRefundedOrders: oneOf(
			shop.partlyRefundedOrders,
			['refuse', 'placeAll'],
			DEFAULT_SHOP_SETTINGS.partlyRefundedOrders,
		),
	};
}

/** An empty field is none. */
export function shopLinesOverride(overrides: IDataObject): unknown {
	const value = overrides.linesJson;
	return value === null || (typeof value === 'string' && value.trim() === '') ? undefined : value;
}

export interface ShopItemRead {
	read: ShopRead;
	/** No platform line was read. */
	linesOverridden: boolean;
}

/** A non-empty override replaces the value read from the order. */
export function readShopItem(
	this: IExecuteFunctions,
	items: INodeExecutionData[],
	itemIndex: number,
	platform: ShopPlatform,
	operation: OrderOperation,
	isPrintItem: IsPrintItem,
	optionsOf?: OptionsOf,
): ShopItemRead {
	const settings = readShopSettings.call(this, itemIndex);
	const overrides = this.getNodeParameter('shopOverrides', itemIndex, {}) as IDataObject;
	const linesOverride = shopLinesOverride(overrides);
	// Lines (JSON) replaces every platform line: none is judged, so none (a gift card without a SKU) fails the order,
	// and a refund the order does not attribute to lines refuses nothing (the lines given are the ones to print).
	const read =
		linesOverride === undefined
			? readShopOrder(items[itemIndex].json, platform, settings, isPrintItem, itemIndex, optionsOf)
			: readShopOrder(
					items[itemIndex].json,
					platform,
					{ ...settings, nonPrintLines: 'leaveOut', partlyRefundedOrders: 'placeAll' },
					// Stryker disable next-line BooleanLiteral: Lines (JSON) replaces the lines read here, whichever count as print items
					() => true,
					itemIndex,
				);
	if (!read.ok) return { read, linesOverridden: false };

	const reader = new ItemReader(itemIndex);
	const order = read.row.order;
	const ecOrderNo = reader.text(overrides.ecOrderNo, 'ec_order_no');
	if (ecOrderNo !== undefined) order.ec_order_no = ecOrderNo;
	const date = reader.text(overrides.ecOrderDate, 'ec_order_date');
	if (date !== undefined) order.ec_order_date = date;
	const recipient: Record<string, string> = { ...(order.shipping_information ?? {}) } as Record<
		string,
		string
	>;
	for (const field of blockFields('shipping_information')) {
		const value = reader.text(overrides[field.parameter], field.path, field.kind);
		if (value !== undefined) recipient[field.key] = value;
	}
	if (Object.keys(recipient).length) order.shipping_information = recipient as AddressDraft;
	let leftOut = read.leftOut;
	let noPrintLine = read.noPrintLine;
	if (linesOverride !== undefined) {
		let lines: unknown = linesOverride;
		if (typeof lines === 'string') {
			try {
				lines = jsonParse(lines);
			} catch {
				throw new NodeOperationError(this.getNode(), 'Overrides › Lines (JSON) is not valid JSON', {
					itemIndex,
					description:
						'Give an array of line objects, e.g. [{"ec_original_item_code": "EC-TS-0001", "color": "ホワイト", "size": "M", "quantity": 1}].',
				});
			}
		}
		if (!Array.isArray(lines)) {
			throw new NodeOperationError(
				this.getNode(),
				'Overrides › Lines (JSON) must be an array of line objects',
				{ itemIndex },
			);
		}
		order.order_details = readLineList(reader, lines, operation);
		// The platform's lines are replaced, not filtered: none of them is listed as left out.
		leftOut = [];
		noPrintLine = false;
	}
	return {
		read: {
			ok: true,
			row: { ...read.row, problems: [...(read.row.problems ?? []), ...reader.problems] },
			leftOut,
			noPrintLine,
			cancelled: read.cancelled,
			testOrder: read.testOrder,
		},
		linesOverridden: linesOverride !== undefined,
	};
}
