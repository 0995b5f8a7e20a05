/**
 * Read stage for the shop-platform input modes (Shopify Order, WooCommerce Order): one input item is one order
 * as the platform delivers it (the item of n8n's Shopify Trigger / WooCommerce Trigger, the `body` of a Webhook
 * node, or a REST read), read into the same draft row every other reader produces. Values go on as the platform
 * gives them (colour slugs, romanised or coded prefectures, `+81` phones, ISO timestamps): matching them to the
 * catalog and to Printio's forms is the later stages' job, so every input mode gets the same rules.
 *
 * The platform readers (fromShopify.ts, fromWooCommerce.ts) turn a payload into a {@link ShopOrder}; this file
 * finds the order in the item, decides which lines are print lines and builds the row. Pure: which codes are
 * original items is asked of the caller, which looked them up before (read/shopLookup.ts).
 */
import { formatShopReference, type ShopReference } from '../../../shared/printio/shopReference';
import type { AddressDraft, DraftRow, InputProblem, LineDraft, OrderDraft } from '../types';
import { isBlank, isPlainObject } from '../values';
import type { OptionsOf } from './variantOptions';
import { resolveLineOptions } from './variantOptions';

export type ShopPlatform = 'shopify' | 'wooCommerce';

/** Which field of a platform line names the print item. */
export type LineIdentifier = 'sku' | 'productId' | 'variantId';

/** Whether that value is your EC original item code or Printio's original item code. */
export type LineCodeKind = 'ecOriginalItemCode' | 'originalItemCode';

export interface ShopSettings {
	/** Put before the platform's order number, so that two shops never send the same `ec_order_no`. */
	orderNumberPrefix: string;
	/** `number`: the number the shop shows (Shopify `order_number`, WooCommerce `number`); `id`: the platform's id. */
	orderNumberFrom: 'number' | 'id';
	lineIdentifier: LineIdentifier;
	codeKind: LineCodeKind;
	/** Lines that are no print item: left out of the order and listed, or the whole order refused. */
	nonPrintLines: 'leaveOut' | 'fail';
	/** Shopify: 1-based position of the colour and the size in the variant title ("White / M"); 0 = not there. */
	colorPart: number;
	sizePart: number;
	/** WooCommerce: the attribute names of colour and size (with or without `pa_`, any case). */
	colorAttribute: string;
	sizeAttribute: string;
	/** Shopify: place test orders (`test: true`, Shopify's test checkout) like any other; off, they are answered and not placed. */
	placeTestOrders: boolean;
	/** WooCommerce: an order with refunds, whose payload does not say which lines they took back: refused, or every line placed. */
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

/** One line of a platform order, as read; values as the platform gives them. */
export interface ShopLine {
	/** Position in the platform's `line_items`. */
	index: number;
	/** The platform's line id: sent as `ec_order_detail_no`. */
	lineId: string | undefined;
	/** The value of each identifier the line has (ids as text). */
	codes: Partial<Record<LineIdentifier, string>>;
	/** The product's name on the platform (not personal data), for the list of lines left out. */
	name: string | undefined;
	color: string | undefined;
	size: string | undefined;
	/** A single variant option whose role the shop does not say ("M", "330ml"); `color` / `size` hold it by position. */
	singleOption?: string;
	/** What is left to fulfil (Shopify: after removals, refunds and fulfilments; see fromShopify.ts), else as ordered. */
	quantity: unknown;
	/** Nothing is left of the line to fulfil, and why: it is neither sent nor looked up, only listed. */
	gone?: GoneReason;
}

/** Why nothing is left of a line: removed by an order edit or refunded; or fulfilled already (elsewhere). */
export type GoneReason = 'removedOrRefunded' | 'fulfilled';

/** A refund the payload does not attribute to lines (WooCommerce's order lists a refund's id and total only). */
export interface UnattributedRefund {
	id: string | undefined;
	total: string | undefined;
}

/** A platform order read into what a print order needs, before print lines are told from the others. */
export interface ShopOrder {
	number: string | undefined;
	date: string | undefined;
	/** The recipient: the shipping address, else the billing address (see the platform readers). */
	recipient: AddressDraft;
	/** Which block the recipient came from (`none`: the order has neither). */
	recipientFrom: 'shipping' | 'billing' | 'none';
	lines: ShopLine[];
	/** The platform says the order is cancelled (or refunded, failed): it is never placed. */
	cancelled: boolean;
	/** Shopify's test order (`test: true`): not placed unless Place Test Orders is on. */
	test?: boolean;
	/** Refunds whose lines the payload does not name: the order is refused unless Partly Refunded Orders says otherwise. */
	unattributedRefunds?: UnattributedRefund[];
	/** Where its colours and sizes come from, for the fix a refusal proposes. */
	platform?: ShopPlatform;
}

/** A platform line that is not sent: it names no print item. Product data only, no personal data. */
export interface LeftOutLine {
	/** Position in the platform's `line_items`. */
	line: number;
	line_id: string | null;
	name: string | null;
	/** The value of the chosen identifier (SKU, product or variant id), null when the line has none. */
	code: string | null;
	reason: 'noCode' | 'notAnOriginalItem' | GoneReason;
}

export type ShopRead =
	| {
			ok: true;
			row: DraftRow;
			/** Lines left out (Non-Print Lines: Leave Out), in platform order. */
			leftOut: LeftOutLine[];
			/** The order has no print line at all: nothing is to be sent for it. */
			noPrintLine: boolean;
			/** The platform says the order is cancelled: nothing is to be sent for it. */
			cancelled: boolean;
			/** A Shopify test order while Place Test Orders is off: nothing is to be sent for it (not even a look-up). */
			testOrder: boolean;
	  }
	| { ok: false; message: string; description: string };

/** Answers whether a code (of the settings' kind) is one of your original items. */
export type IsPrintItem = (code: string) => boolean;

const LINE_IDENTIFIER_LABEL: Record<LineIdentifier, string> = { sku: 'SKU', productId: 'product ID', variantId: 'variant ID' };

/**
 * The order object of an input item: the item itself when it has `line_items` (trigger output, a webhook body
 * passed on, a REST read of one order), else its `body` (n8n's Webhook node), else an `order` inside either
 * (Shopify's REST answer `{"order": {...}}`). Undefined when none of them is an order.
 */
export function findShopOrder(json: unknown): Record<string, unknown> | undefined {
	const candidates: unknown[] = [json];
	if (isPlainObject(json)) candidates.push(json.body);
	for (const candidate of [...candidates]) if (isPlainObject(candidate)) candidates.push(candidate.order);
	return candidates.find((candidate): candidate is Record<string, unknown> => isPlainObject(candidate) && Array.isArray(candidate.line_items));
}

/** Text of a platform value: strings as given (blank → undefined), finite numbers (ids, zip codes) as text. */
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

/**
 * The shop order of a platform order: the platform's own order id (Shopify's numeric `id`, also when given as a
 * GraphQL id `gid://shopify/Order/<id>`; WooCommerce's `id`), never the number the shop shows.
 */
export function shopReferenceOf(order: Record<string, unknown>, platform: ShopPlatform): ShopReference | undefined {
	const id = idOf(order.id)?.replace(/^gid:\/\/shopify\/Order\//, '');
	if (id === undefined || !/^[A-Za-z0-9_-]{1,64}$/.test(id)) return undefined;
	return { platform: platform === 'shopify' ? 'shopify' : 'woocommerce', orderId: id };
}

/**
 * A person's name for the delivery slip: family name first, as Japanese slips print it ("山田 太郎"), from
 * the platform's first and last name; when both are empty, the company.
 */
export function fullNameOf(first: unknown, last: unknown, company: unknown): string | undefined {
	const name = [textOf(last), textOf(first)].filter((part) => part !== undefined).map((part) => part.trim());
	if (name.length) return name.join(' ');
	return textOf(company);
}

/** The first value that is not blank. */
export function firstGiven(...values: unknown[]): string | undefined {
	for (const value of values) {
		const text = textOf(value);
		if (text !== undefined) return text;
	}
	return undefined;
}

/** An address block without its blank fields (so that defaults and validation see what is really there). */
export function compactAddress(block: Record<string, string | undefined>): AddressDraft {
	const result: Record<string, string> = {};
	for (const [key, value] of Object.entries(block)) if (value !== undefined && !isBlank(value)) result[key] = value;
	return result;
}

/**
 * The order's row: print lines only (the others listed as left out), the recipient, number and date. A line with
 * nothing left to fulfil is listed, never sent nor judged. Every other line with a code of the chosen identifier
 * is asked of `isPrintItem`; a line without one is no print item. A print line's colour and size are told from its
 * item's options when the shop gives fewer than two (read/variantOptions.ts; `optionsOf` answers them).
 */
export function shopOrderRow(
	order: ShopOrder,
	settings: ShopSettings,
	isPrintItem: IsPrintItem,
	itemIndex: number,
	optionsOf: OptionsOf = () => undefined,
	reference?: ShopReference,
): ShopRead & { ok: true } {
	// A test order that is not to be placed: answered as such, its lines neither judged nor listed.
	if (isSkippedTestOrder(order, settings)) {
		const answered: OrderDraft = { order_details: [] };
		if (order.number !== undefined) answered.ec_order_no = `${settings.orderNumberPrefix.trim()}${order.number}`;
		return { ok: true, row: { itemIndex, order: answered, problems: [] }, leftOut: [], noPrintLine: false, cancelled: order.cancelled, testOrder: true };
	}
	const problems: InputProblem[] = [];
	const leftOut: LeftOutLine[] = [];
	const lines: LineDraft[] = [];
	const label = LINE_IDENTIFIER_LABEL[settings.lineIdentifier];
	const leaveOut = (line: ShopLine, code: string | undefined, reason: LeftOutLine['reason']) =>
		leftOut.push({ line: line.index, line_id: line.lineId ?? null, name: line.name ?? null, code: code ?? null, reason });
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
					message: code === undefined ? `has no ${label}, so it names no print item` : `names no original item of yours by its ${label}`,
					fix: `Give the line's product a ${label} that is the ${settings.codeKind === 'ecOriginalItemCode' ? 'EC original item code' : 'original item code'} of one of your original items, or set Non-Print Lines to Leave Out.`,
					itemIndex,
				});
			}
			continue;
		}
		const draft: LineDraft = { [settings.codeKind === 'ecOriginalItemCode' ? 'ec_original_item_code' : 'original_item_code']: code };
		const options = resolveLineOptions(line, optionsOf(code), order.platform === 'wooCommerce' ? 'attributes' : 'variantTitle');
		if (options.problem) problems.push({ field: `line_items[${line.index}]`, ...options.problem, itemIndex });
		if (options.color !== undefined) draft.color = options.color;
		if (options.size !== undefined) draft.size = options.size;
		if (line.quantity !== undefined && line.quantity !== null) draft.quantity = line.quantity;
		if (line.lineId !== undefined) draft.ec_order_detail_no = line.lineId;
		lines.push(draft);
	}
	const refunds = order.unattributedRefunds ?? [];
	if (refunds.length && lines.length && settings.partlyRefundedOrders === 'refuse') problems.push(partlyRefunded(refunds, itemIndex));
	// Fail: the print lines stay, so that the order's only problems are the lines that are no print item.
	const draft: OrderDraft = { order_details: lines };
	if (order.number !== undefined) draft.ec_order_no = `${settings.orderNumberPrefix.trim()}${order.number}`;
	if (order.date !== undefined) draft.ec_order_date = order.date;
	if (Object.keys(order.recipient).length) draft.shipping_information = order.recipient;
	// An order whose lines are all gone (removed, refunded, fulfilled) has nothing to print under either setting.
	const noPrintLine = lines.length === 0 && (settings.nonPrintLines === 'leaveOut' || (leftOut.length > 0 && leftOut.every((line) => isGone(line.reason))));
	const row: DraftRow = { itemIndex, order: draft, problems };
	// The shop order, for the trigger to give back when the print ships: a default, so that the user's own
	// EC Optional Information (Options) is sent instead when given.
	if (reference !== undefined) row.defaults = { ec_optional_information: formatShopReference(reference) };
	return { ok: true, row, leftOut, noPrintLine, cancelled: order.cancelled, testOrder: false };
}

/** A Shopify test order while Place Test Orders is off: nothing is sent or looked up for it. */
export function isSkippedTestOrder(order: ShopOrder, settings: ShopSettings): boolean {
	return order.test === true && !settings.placeTestOrders;
}

const isGone = (reason: LeftOutLine['reason']) => reason === 'removedOrRefunded' || reason === 'fulfilled';

/** WooCommerce's order says that it was refunded, and by how much, never which lines: it is not placed as it is. */
function partlyRefunded(refunds: readonly UnattributedRefund[], itemIndex: number): InputProblem {
	const which = refunds.map((refund) => `${refund.id ?? '(no id)'}${refund.total !== undefined ? ` (${refund.total})` : ''}`).join(', ');
	return {
		field: 'refunds',
		message: `the order is partly refunded (refund ${which}), and the order WooCommerce sends does not say which lines a refund took back`,
		fix: 'Remove the refunded lines from the order in WooCommerce and send it again, give the lines to print with Overrides › Lines (JSON), or set Shop Order Options › Partly Refunded Orders to Place All Lines to print every line as ordered.',
		itemIndex,
	};
}

/**
 * The parts of a Shopify variant title: Shopify joins a variant's option values with " / " ("White / M",
 * "Heather Grey / XL / Cotton"); the default variant of a product without options is titled "Default Title"
 * and has no parts. The split is on " / " only (a slash without spaces, as in "S/M", stays inside a value).
 */
export function splitVariantTitle(title: unknown): string[] {
	const text = textOf(title);
	if (text === undefined || text.trim() === 'Default Title') return [];
	return text.split(' / ').map((part) => part.trim());
}

/** Part `position` (1-based; 0 = none) of a variant title, undefined when the title has no such part. */
export function variantTitlePart(parts: readonly string[], position: number): string | undefined {
	// A position that is not a whole number from 1 finds no part.
	const part = parts[position - 1];
	return part === '' ? undefined : part;
}

/** The why of a payload that is not an order of the platform, for the item's error. */
export function notAnOrder(platform: ShopPlatform): { ok: false; message: string; description: string } {
	const name = platform === 'shopify' ? 'Shopify' : 'WooCommerce';
	return {
		ok: false,
		message: `The item is not a ${name} order: no line_items found`,
		description: `Input Mode ${name} Order reads one order per item: the output of the ${name} Trigger, the body of a Webhook node that receives the shop's order webhook, or one order read from the ${name} API. A list of orders must be split into one item per order first (Split Out node).`,
	};
}
