/** A failed look-up never lets an order through unchecked nor drops its lines silently: the item fails. */
import type { IDataObject, IExecuteFunctions, INode, INodeExecutionData } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import type { ShopReference } from '../../../shared/printio/shopReference';
import type { Connection } from '../../../shared/printio/transport/connection';
import { resolveRetailerId } from '../../helpers/parameters';
import { blockFields } from '../fields';
import { ItemReader } from '../kinds';
import type { AddressDraft, OrderOperation } from '../types';
import { readJsonLines } from './fromItem';
import { shopifyOrder } from './fromShopify';
import { wooCommerceOrder } from './fromWooCommerce';
import type { ShopOrder, ShopPlatform, ShopRead, ShopSettings } from './shop';
import {
	DEFAULT_SHOP_SETTINGS,
	findShopOrder,
	isSkippedTestOrder,
	notAnOrder,
	shopOrderRow,
	shopReferenceOf,
} from './shop';
import type { ItemOptions } from './variantOptions';
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

export interface OriginalItemQuery {
	retailerId: number;
	by: 'ec_original_item_code' | 'original_item_code';
	code: string;
	itemIndex: number;
}

export type ShopItemRead = ShopRead & { ok: true };

export type ShopQuestion = OriginalItemQuery & { wantsOptions: boolean };

type Answers<T> = Map<string, T | Error>;

/** The look-up stage's answers to the shop lines' questions, by `questionKey`. */
export interface ShopAnswers {
	found: Answers<boolean>;
	options: Answers<ItemOptions | undefined>;
}

export interface ShopItem {
	itemIndex: number;
	platform: ShopPlatform;
	settings: ShopSettings;
	overrides: IDataObject;
	linesOverride: unknown;
	order: ParsedShopOrder | undefined;
	questions: ShopQuestion[];
}

type ParsedShopOrder = ShopOrder & { reference?: ShopReference };

export function shopOrderOf(
	json: unknown,
	platform: ShopPlatform,
	settings: ShopSettings,
): ParsedShopOrder | undefined {
	const raw = findShopOrder(json);
	if (raw === undefined) return undefined;
	const order =
		platform === 'shopify' ? shopifyOrder(raw, settings) : wooCommerceOrder(raw, settings);
	return { ...order, reference: shopReferenceOf(raw, platform) };
}

export const questionKey = (query: OriginalItemQuery) =>
	`${query.retailerId}\u0000${query.by}\u0000${query.code}`;

/** Parsed once; the lines' questions go to the look-up stage. */
export function parseShopItems(
	this: IExecuteFunctions,
	items: INodeExecutionData[],
	connection: Connection,
): Map<number, ShopItem | Error> {
	const parsed = new Map<number, ShopItem | Error>();
	for (let itemIndex = 0; itemIndex < items.length; itemIndex++) {
		const inputMode = this.getNodeParameter('inputMode', itemIndex, 'defineBelow') as string;
		const platform = shopPlatformOf(inputMode);
		if (platform === undefined) continue;
		try {
			parsed.set(itemIndex, parseShopItem.call(this, items, itemIndex, platform, connection));
		} catch (error) {
			parsed.set(itemIndex, error as Error);
		}
	}
	return parsed;
}

function parseShopItem(
	this: IExecuteFunctions,
	items: INodeExecutionData[],
	itemIndex: number,
	platform: ShopPlatform,
	connection: Connection,
): ShopItem {
	const settings = readShopSettings.call(this, itemIndex);
	const overrides = this.getNodeParameter('shopOverrides', itemIndex, {}) as IDataObject;
	const item: ShopItem = {
		itemIndex,
		platform,
		settings,
		overrides,
		linesOverride: shopLinesOverride(overrides),
		order: shopOrderOf(items[itemIndex].json, platform, settings),
		questions: [],
	};
	if (item.linesOverride !== undefined) return item;
	const options = this.getNodeParameter('options', itemIndex, {}) as IDataObject;
	const retailerId = resolveRetailerId.call(this, itemIndex, options, connection);
	const by =
		settings.codeKind === 'originalItemCode' ? 'original_item_code' : 'ec_original_item_code';
	item.questions = shopLineCodes(item.order, settings).map(({ code, wantsOptions }) => ({
		retailerId,
		by,
		code,
		itemIndex,
		wantsOptions,
	}));
	return item;
}

export function shopLineCodes(
	order: ShopOrder | undefined,
	settings: ShopSettings,
): Array<{ code: string; wantsOptions: boolean }> {
	if (order === undefined || isSkippedTestOrder(order, settings)) return [];
	const codes = new Map<string, boolean>();
	for (const line of order.lines) {
		const code = line.codes[settings.lineIdentifier];
		if (line.gone === undefined && code !== undefined)
			codes.set(code, codes.get(code) === true || needsItemOptions(line));
	}
	return [...codes].map(([code, wantsOptions]) => ({ code, wantsOptions }));
}

export function readShopItem(
	node: INode,
	item: ShopItem,
	operation: OrderOperation,
	{ found, options }: ShopAnswers,
): ShopItemRead {
	const { itemIndex, settings, overrides, linesOverride, order } = item;
	const wantsOptions = item.questions.filter((question) => question.wantsOptions);
	for (const [answers, questions, [message, description]] of [
		[found, item.questions, LOOK_UP_FAILED.exists],
		[options, wantsOptions, LOOK_UP_FAILED.options],
	] as const) {
		const error = questions
			.map((question) => answers.get(questionKey(question)))
			.find((answer): answer is Error => answer instanceof Error);
		if (error)
			throw new NodeOperationError(node, `${message}: ${error.message}`, {
				itemIndex,
				description,
			});
	}
	if (order === undefined) {
		const { message, description } = notAnOrder(item.platform);
		throw new NodeOperationError(node, message, { itemIndex, description });
	}
	const known = new Set(
		item.questions
			.filter((question) => found.get(questionKey(question)) === true)
			.map((question) => question.code),
	);
	// Lines (JSON) replaces every platform line: none (a gift card without a SKU) fails the order or is left out.
	const overridden = linesOverride !== undefined;
	const read = shopOrderRow(
		overridden ? { ...order, lines: [] } : order,
		settings,
		(code) => known.has(code),
		itemIndex,
		(code) => {
			const question = item.questions.find((entry) => entry.code === code);
			const answer = question && options.get(questionKey(question));
			return answer instanceof Error ? undefined : answer;
		},
		order.reference,
	);
	const reader = new ItemReader(itemIndex);
	const draft = read.row.order;
	const ecOrderNo = reader.text(overrides.ecOrderNo, 'ec_order_no');
	if (ecOrderNo !== undefined) draft.ec_order_no = ecOrderNo;
	const date = reader.text(overrides.ecOrderDate, 'ec_order_date');
	if (date !== undefined) draft.ec_order_date = date;
	const recipient: Record<string, string> = { ...(draft.shipping_information ?? {}) } as Record<
		string,
		string
	>;
	for (const field of blockFields('shipping_information')) {
		const value = reader.text(overrides[field.parameter], field.path, field.kind);
		if (value !== undefined) recipient[field.key] = value;
	}
	if (Object.keys(recipient).length) draft.shipping_information = recipient as AddressDraft;
	if (overridden)
		draft.order_details = readJsonLines(
			node,
			reader,
			linesOverride,
			operation,
			'Overrides › Lines (JSON)',
			'{"ec_original_item_code": "EC-TS-0001", "color": "ホワイト", "size": "M", "quantity": 1}',
		);
	return {
		...read,
		row: { ...read.row, problems: [...(read.row.problems ?? []), ...reader.problems] },
		noPrintLine: read.noPrintLine && !overridden,
	};
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

function shopLinesOverride(overrides: IDataObject): unknown {
	const value = overrides.linesJson;
	return value === null || (typeof value === 'string' && value.trim() === '') ? undefined : value;
}

const LOOK_UP_FAILED = {
	exists: [
		'Could not check which lines of the order are print items',
		'Each line of a shop order is looked up among your original items before the order is sent, so that only print lines are ordered. The look-up failed, so nothing was sent for this order. Run it again when Printio answers.',
	],
	options: [
		"Could not read the colours and sizes of the order's print items",
		"A line of this order gives one variant option, or no colour or no size: which one it is, or the one it lacks, is told from its original item's colours and sizes. They could not be read, so nothing was sent for this order. Run it again when Printio answers.",
	],
} as const;
