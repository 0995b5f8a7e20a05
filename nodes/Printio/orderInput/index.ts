/** Order input: the read stage (one reader per input mode, no API call), then one pure pipeline. */
import type { IExecuteFunctions, INode, INodeExecutionData } from 'n8n-workflow';

import type { ShopDateZones } from '../../shared/printio/time';
import type { Connection } from '../../shared/printio/transport/connection';
import { withItemIndex } from '../helpers/execution';
import { prepareRows } from './pipeline';
import type { PrepareOptions, PreparedOrder } from './pipeline';
import { readMapper } from './read/fromItem';
import { readDefaults, readParameters } from './read/fromParameters';
import { parseShopItems, readShopItem } from './read/fromShopOrder';
import type { ShopAnswers, ShopItem, ShopQuestion } from './read/fromShopOrder';
import type { LeftOutLine } from './read/shop';
import type { DraftRow, OrderDefaults, OrderOperation } from './types';

export type { LeftOutLine } from './read/shop';

export type { ShopAnswers, ShopQuestion } from './read/fromShopOrder';
export { questionKey } from './read/fromShopOrder';
export type { OriginalItemQuery } from './read/fromShopOrder';

export interface UnsentShopOrder {
	itemIndex: number;
	ecOrderNo: string | undefined;
	reason: 'testOrder' | 'cancelled' | 'noPrintLine';
	leftOut: LeftOutLine[];
}

export { buildOrders } from './pipeline';
// Shop Product reads its option values back as the order modes do.
export { normalizeText } from './normalize';
export type { PrepareOptions, PreparedOrder } from './pipeline';
export type {
	AddressOverflowPolicy,
	InputProblem,
	LineDraft,
	NormalizationChange,
	OrderOperation,
} from './types';

export interface OrderInput<Op extends OrderOperation = OrderOperation> {
	orders: Array<PreparedOrder<Op>>;
	unreadable: Map<number, Error>;
	leftOut: Map<number, LeftOutLine[]>;
	unsent: UnsentShopOrder[];
}

type ReadEntry = { itemIndex: number } & (
	| { error: Error }
	| { row: DraftRow; defaults: OrderDefaults | Error }
	| { shop: ShopItem | Error; defaults: OrderDefaults | Error }
);

/** What the read stage gives: each item's row, or its parsed shop order and questions. */
export interface ReadOrders {
	entries: ReadEntry[];
	questions: ShopQuestion[];
}

export interface ReadSettings<Op extends OrderOperation = OrderOperation> {
	operation: Op;
	connection: Connection;
}

export interface InputSettings extends PrepareOptions {
	continueOnFail: boolean;
	timeZones: ShopDateZones;
}

const attempt = <T>(read: () => T): T | Error => {
	try {
		return read();
	} catch (error) {
		return error as Error;
	}
};

export function readOrders(
	this: IExecuteFunctions,
	{ operation, connection }: ReadSettings,
	items: INodeExecutionData[],
): ReadOrders {
	const shop = parseShopItems.call(this, items, connection);
	const entries: ReadEntry[] = [];
	for (let itemIndex = 0; itemIndex < items.length; itemIndex++) {
		const defaults = () => attempt(() => readDefaults.call(this, itemIndex, operation, connection));
		const parsed = shop.get(itemIndex);
		if (parsed !== undefined) {
			entries.push({ itemIndex, shop: parsed, defaults: defaults() });
			continue;
		}
		const row = attempt(() =>
			this.getNodeParameter('inputMode', itemIndex) === 'autoMap'
				? readMapper.call(this, items, itemIndex, operation)
				: readParameters.call(this, itemIndex, operation),
		);
		entries.push(
			row instanceof Error ? { itemIndex, error: row } : { itemIndex, row, defaults: defaults() },
		);
	}
	const questions = [...shop.values()].flatMap((item) =>
		item instanceof Error ? [] : item.questions,
	);
	return { entries, questions };
}

/** The read's rows with the shop answers, through the pipeline: no API call. */
export function inputOf<Op extends OrderOperation>(
	node: INode,
	operation: Op,
	read: ReadOrders,
	answers: ShopAnswers,
	settings: InputSettings,
): OrderInput<Op> {
	const rows: DraftRow[] = [];
	const unreadable = new Map<number, Error>();
	const leftOut = new Map<number, LeftOutLine[]>();
	const unsent: UnsentShopOrder[] = [];
	let shopItems = 0;
	for (const entry of read.entries) {
		const { itemIndex } = entry;
		try {
			if ('error' in entry) throw entry.error;
			let row: DraftRow;
			if ('shop' in entry) {
				shopItems++;
				if (entry.shop instanceof Error) throw entry.shop;
				const shopRead = readShopItem(node, entry.shop, operation, answers);
				if (shopRead.leftOut.length) leftOut.set(itemIndex, shopRead.leftOut);
				if (shopRead.testOrder || shopRead.cancelled || shopRead.noPrintLine) {
					const reason = shopRead.testOrder
						? 'testOrder'
						: shopRead.cancelled
							? 'cancelled'
							: 'noPrintLine';
					unsent.push({
						itemIndex,
						ecOrderNo: shopRead.row.order.ec_order_no,
						reason,
						leftOut: shopRead.leftOut,
					});
					continue;
				}
				row = shopRead.row;
			} else row = entry.row;
			if (entry.defaults instanceof Error) throw entry.defaults;
			// A row's own defaults (a shop order's reference) give way to the node's.
			rows.push({ ...row, defaults: { ...row.defaults, ...entry.defaults } });
		} catch (error) {
			if (!settings.continueOnFail)
				throw withItemIndex.call({ getNode: () => node }, error, itemIndex);
			unreadable.set(itemIndex, error as Error);
		}
	}
	// A re-delivery in one run is a repeat, placed once, not a second set of lines.
	const options = shopItems > 0 ? { ...settings, groupByEcOrderNo: false } : settings;
	return { orders: prepareRows(rows, operation, options), unreadable, leftOut, unsent };
}
