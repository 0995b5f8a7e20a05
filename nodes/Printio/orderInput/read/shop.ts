/** One item is one platform order; values go on as given, so later stages apply one set of rules to every mode. */
import { formatShopReference, type ShopReference } from '../../../shared/printio/shopReference';
import type { AddressDraft, DraftRow, InputProblem, LineDraft, OrderDraft } from '../types';
import { isBlank, isPlainObject } from '../values';
import type { OptionsOf } from './variantOptions';
import { resolveLineOptions } from './variantOptions';

export type ShopPlatform = 'shopify' | 'wooCommerce';

export type LineIdentifier = 'sku' | 'productId' | 'variantId';

export type LineCodeKind = 'ecOriginalItemCode' | 'originalItemCode';

export interface ShopSettings {
	/** So that two shops never send the same `ec_order_no`. */
	orderNumberPrefix: string;
	orderNumberFrom: 'number' | 'id';
	lineIdentifier: LineIdentifier;
	codeKind: LineCodeKind;
	nonPrintLines: 'leaveOut' | 'fail';
	/** Shopify: 1-based position in the variant title ("White / M"); 0 = not there. */
	colorPart: number;
	sizePart: number;
	colorAttribute: string;
	sizeAttribute: string;
	placeTestOrders: boolean;
	partlyRefundedOrders: 'refuse' | 'placeAll';
}

export const DEFAULT_SHOP_SETTINGS: ShopSettings = {
	orderNumberPrefix: '',
	orderNumberFrom: 'number',
	lineIdentifier: 'sku',
	codeKind: 'ecOriginalItemCode',
	nonPrintLines: 'leaveOut',
	colorPart: 1,
	sizePart: 2,
	colorAttribute: 'color',
	sizeAttribute: 'size',
	placeTestOrders: false,
	partlyRefundedOrders: 'refuse',
};

export interface ShopLine {
	index: number;
	/** Sent as `ec_order_detail_no`. */
	lineId: string | undefined;
	codes: Partial<Record<LineIdentifier, string>>;
	/** Not personal data; for the list of lines left out. */
	name: string | undefined;
	color: string | undefined;
	size: string | undefined;
	/** An option whose role the shop does not say ("M", "330ml"); `color` / `size` hold it by position. */
	singleOption?: string;
	/** What is left to fulfil (Shopify: see fromShopify.ts), else as ordered. */
	quantity: unknown;
	/** Neither sent nor looked up, only listed. */
	gone?: GoneReason;
}

export type GoneReason = 'removedOrRefunded' | 'fulfilled';

export interface UnattributedRefund {
	id: string | undefined;
	total: string | undefined;
}

export interface ShopOrder {
	number: string | undefined;
	date: string | undefined;
	/** The shipping address, else the billing address. */
	recipient: AddressDraft;
	recipientFrom: 'shipping' | 'billing' | 'none';
	lines: ShopLine[];
	cancelled: boolean;
	test?: boolean;
	unattributedRefunds?: UnattributedRefund[];
	/** For the fix a refusal proposes. */
	platform?: ShopPlatform;
}

/** Product data only, no personal data. */
export interface LeftOutLine {
	line: number;
	line_id: string | null;
	name: string | null;
	code: string | null;
	reason: 'noCode' | 'notAnOriginalItem' | GoneReason;
}

export type ShopRead =
	| {
			ok: true;
			row: DraftRow;
			leftOut: LeftOutLine[];
			noPrintLine: boolean;
			cancelled: boolean;
			testOrder: boolean;
	  }
	| { ok: false; message: string; description: string };

export type IsPrintItem = (code: string) => boolean;

const LINE_IDENTIFIER_LABEL: Record<LineIdentifier, string> = {
	sku: 'SKU',
	productId: 'product ID',
	variantId: 'variant ID',
};

/** The item itself (trigger output), else its `body` (Webhook node), else an `order` inside either (Shopify's REST answer). */
export function findShopOrder(json: unknown): Record<string, unknown> | undefined {
	const candidates: unknown[] = [json];
	if (isPlainObject(json)) candidates.push(json.body);
	for (const candidate of [...candidates])
		if (isPlainObject(candidate)) candidates.push(candidate.order);
	return candidates.find(
		(candidate): candidate is Record<string, unknown> =>
			isPlainObject(candidate) && Array.isArray(candidate.line_items),
	);
}

/** Ids and zip codes as text; blank is none. */
export function textOf(value: unknown): string | undefined {
	if (typeof value === 'string') return value.trim() === '' ? undefined : value;
	if (Number.isFinite(value)) return String(value);
	if (typeof value === 'bigint') return String(value);
	return undefined;
}

/** A platform id: positive numbers and non-empty text; `0` and `null` (WooCommerce's "no variation") are none. */
export function idOf(value: unknown): string | undefined {
	if (value === 0 || value === '0') return undefined;
	return textOf(value);
}

/** The platform's order id (Shopify's gid too), never the number the shop shows. */
export function shopReferenceOf(
	order: Record<string, unknown>,
	platform: ShopPlatform,
): ShopReference | undefined {
	const id = idOf(order.id)?.replace(/^gid:\/\/shopify\/Order\//, '');
	if (id === undefined || !/^[A-Za-z0-9_-]{1,64}$/.test(id)) return undefined;
	return { platform: platform === 'shopify' ? 'shopify' : 'woocommerce', orderId: id };
}

/** Family name first, as Japanese slips print it ("山田 太郎"); the company when both are empty. */
export function fullNameOf(first: unknown, last: unknown, company: unknown): string | undefined {
	const name = [textOf(last), textOf(first)]
		.filter((part) => part !== undefined)
		.map((part) => part.trim());
	if (name.length) return name.join(' ');
	return textOf(company);
}

export function firstGiven(...values: unknown[]): string | undefined {
	for (const value of values) {
		const text = textOf(value);
		if (text !== undefined) return text;
	}
	return undefined;
}

/** Without blank fields, so that defaults and validation see what is really there. */
export function compactAddress(block: Record<string, string | undefined>): AddressDraft {
	const result: Record<string, string> = {};
	for (const [key, value] of Object.entries(block))
		if (value !== undefined && !isBlank(value)) result[key] = value;
	return result;
}

export function shopOrderRow(
	order: ShopOrder,
	settings: ShopSettings,
	isPrintItem: IsPrintItem,
	itemIndex: number,
	optionsOf: OptionsOf = () => undefined,
	reference?: ShopReference,
): ShopRead & { ok: true } {
	// Answered as a test order, its lines neither judged nor listed.
	if (isSkippedTestOrder(order, settings)) {
		const answered: OrderDraft = { order_details: [] };
		if (order.number !== undefined)
			answered.ec_order_no = `${settings.orderNumberPrefix.trim()}${order.number}`;
		return {
			ok: true,
			row: { itemIndex, order: answered, problems: [] },
			leftOut: [],
			noPrintLine: false,
			cancelled: order.cancelled,
			testOrder: true,
		};
	}
	const problems: InputProblem[] = [];
	const leftOut: LeftOutLine[] = [];
	const lines: LineDraft[] = [];
	const label = LINE_IDENTIFIER_LABEL[settings.lineIdentifier];
	const leaveOut = (line: ShopLine, code: string | undefined, reason: LeftOutLine['reason']) =>
		leftOut.push({
			line: line.index,
			line_id: line.lineId ?? null,
			name: line.name ?? null,
			code: code ?? null,
			reason,
		});
	for (const line of order.lines) {
		const code = line.codes[settings.lineIdentifier];
		if (line.gone !== undefined) {
			leaveOut(line, code, line.gone);
			continue;
		}
		const printItem = code !== undefined && isPrintItem(code);
		if (!printItem) {
			leaveOut(line, code, code === undefined ? 'noCode' : 'notAnOriginalItem');
			if (settings.nonPrintLines === 'fail') {
				problems.push({
					field: `line_items[${line.index}]`,
					message:
						code === undefined
							? `has no ${label}, so it names no print item`
							: `names no original item of yours by its ${label}`,
					fix: `Give the line's product a ${label} that is the ${settings.codeKind === 'ecOriginalItemCode' ? 'EC original item code' : 'original item code'} of one of your original items, or set Non-Print Lines to Leave Out.`,
					itemIndex,
				});
			}
			continue;
		}
		const draft: LineDraft = {
			[settings.codeKind === 'ecOriginalItemCode' ? 'ec_original_item_code' : 'original_item_code']:
				code,
		};
		const options = resolveLineOptions(
			line,
			optionsOf(code),
			order.platform === 'wooCommerce' ? 'attributes' : 'variantTitle',
		);
		if (options.problem)
			problems.push({ field: `line_items[${line.index}]`, ...options.problem, itemIndex });
		if (options.color !== undefined) draft.color = options.color;
		if (options.size !== undefined) draft.size = options.size;
		if (line.quantity !== undefined && line.quantity !== null) draft.quantity = line.quantity;
		if (line.lineId !== undefined) draft.ec_order_detail_no = line.lineId;
		lines.push(draft);
	}
	const refunds = order.unattributedRefunds ?? [];
	if (refunds.length && lines.length && settings.partlyRefundedOrders === 'refuse')
		problems.push(partlyRefunded(refunds, itemIndex));
	// Fail: the print lines stay, so that the order's only problems are the lines that are no print item.
	const draft: OrderDraft = { order_details: lines };
	if (order.number !== undefined)
		draft.ec_order_no = `${settings.orderNumberPrefix.trim()}${order.number}`;
	if (order.date !== undefined) draft.ec_order_date = order.date;
	if (Object.keys(order.recipient).length) draft.shipping_information = order.recipient;
	// Lines all gone (removed, refunded, fulfilled): nothing to print under either setting.
	const noPrintLine =
		lines.length === 0 &&
		(settings.nonPrintLines === 'leaveOut' ||
			(leftOut.length > 0 && leftOut.every((line) => isGone(line.reason))));
	const row: DraftRow = { itemIndex, order: draft, problems };
	// The trigger gives it back at shipping; a default, so the user's own EC Optional Information wins.
	if (reference !== undefined)
		row.defaults = { ec_optional_information: formatShopReference(reference) };
	return { ok: true, row, leftOut, noPrintLine, cancelled: order.cancelled, testOrder: false };
}

export function isSkippedTestOrder(order: ShopOrder, settings: ShopSettings): boolean {
	return order.test === true && !settings.placeTestOrders;
}

const isGone = (reason: LeftOutLine['reason']) =>
	reason === 'removedOrRefunded' || reason === 'fulfilled';

/** WooCommerce never says which lines a refund took back. */
function partlyRefunded(refunds: readonly UnattributedRefund[], itemIndex: number): InputProblem {
	const which = refunds
		.map(
			(refund) =>
				`${refund.id ?? '(no id)'}${refund.total !== undefined ? ` (${refund.total})` : ''}`,
		)
		.join(', ');
	return {
		field: 'refunds',
		message: `the order is partly refunded (refund ${which}), and the order WooCommerce sends does not say which lines a refund took back`,
		fix: 'Remove the refunded lines from the order in WooCommerce and send it again, give the lines to print with Overrides › Lines (JSON), or set Shop Order Options › Partly Refunded Orders to Place All Lines to print every line as ordered.',
		itemIndex,
	};
}

/** Shopify joins values with " / " ("S/M" stays one value); no options is "Default Title". */
export function splitVariantTitle(title: unknown): string[] {
	const text = textOf(title);
	if (text === undefined || text.trim() === 'Default Title') return [];
	return text.split(' / ').map((part) => part.trim());
}

/** `position` is 1-based; 0 or a fraction finds no part. */
export function variantTitlePart(parts: readonly string[], position: number): string | undefined {
	const part = parts[position - 1];
	return part === '' ? undefined : part;
}

export function notAnOrder(platform: ShopPlatform): {
	ok: false;
	message: string;
	description: string;
} {
	const name = platform === 'shopify' ? 'Shopify' : 'WooCommerce';
	return {
		ok: false,
		message: `The item is not a ${name} order: no line_items found`,
		description: `Input Mode ${name} Order reads one order per item: the output of the ${name} Trigger, the body of a Webhook node that receives the shop's order webhook, or one order read from the ${name} API. A list of orders must be split into one item per order first (Split Out node).`,
	};
}
