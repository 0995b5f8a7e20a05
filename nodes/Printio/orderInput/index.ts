/** Order input: one reader per input mode (read/), then one pipeline. */
import type { IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';

import { DEFAULT_API_TIME_ZONE } from '../../shared/printio/time';
import type { Connection } from '../../shared/printio/transport';
import { withItemIndex } from '../helpers/execution';
import { prepareOrders } from './pipeline';
import type { PrepareOptions, PreparedOrder } from './pipeline';
import { readMapper } from './read/fromItem';
import { readDefaults, readParameters } from './read/fromParameters';
import { readShopItems } from './read/fromShopOrder';
import type { ShopLookUps } from './read/fromShopOrder';
import type { LeftOutLine } from './read/shop';
import type { DraftRow, OrderOperation } from './types';

export type { LeftOutLine } from './read/shop';

export type { ShopLookUps } from './read/fromShopOrder';
/** @internal */
export type { OriginalItemQuery } from './read/fromShopOrder';

export interface UnsentShopOrder {
	itemIndex: number;
	ecOrderNo: string | undefined;
	reason: 'testOrder' | 'cancelled' | 'noPrintLine';
	leftOut: LeftOutLine[];
}

export { buildOrders } from './pipeline';
export type { PrepareOptions, PreparedOrder } from './pipeline';
export type {
	AddressOverflowPolicy,
	InputProblem,
	LineDraft,
	NormalizationChange,
	OrderOperation,
} from './types';

export interface OrderInput<Op extends OrderOperation = OrderOperation> {
	/** Built by `buildOrders` after the catalog match. */
	orders: Array<PreparedOrder<Op>>;
	unreadable: Map<number, Error>;
	leftOut: Map<number, LeftOutLine[]>;
	unsent: UnsentShopOrder[];
}

export async function readOrderInput<Op extends OrderOperation>(
	this: IExecuteFunctions,
	items: INodeExecutionData[],
	operation: Op,
	connection: Connection,
	options: PrepareOptions & {
		continueOnFail: boolean;
		shopLookUps?: ShopLookUps;
	},
): Promise<OrderInput<Op>> {
	const shop = await readShopItems.call(
		this,
		items,
		operation,
		connection,
		options.shopLookUps ?? { concurrency: 1 },
	);
	const rows: DraftRow[] = [];
	const unreadable = new Map<number, Error>();
	const leftOut = new Map<number, LeftOutLine[]>();
	const unsent: UnsentShopOrder[] = [];
	let shopItems = 0;
	for (let itemIndex = 0; itemIndex < items.length; itemIndex++) {
		try {
			const read = shop.get(itemIndex);
			let row: DraftRow;
			if (read !== undefined) {
				shopItems++;
				if (read instanceof Error) throw read;
				if (read.leftOut.length) leftOut.set(itemIndex, read.leftOut);
				if (read.testOrder || read.cancelled || read.noPrintLine) {
					const reason = read.testOrder
						? 'testOrder'
						: read.cancelled
							? 'cancelled'
							: 'noPrintLine';
					unsent.push({
						itemIndex,
						ecOrderNo: read.row.order.ec_order_no,
						reason,
						leftOut: read.leftOut,
					});
					continue;
				}
				row = read.row;
			} else {
				row =
					this.getNodeParameter('inputMode', itemIndex) === 'autoMap'
						? readMapper.call(this, items, itemIndex, operation)
						: readParameters.call(this, itemIndex, operation);
			}
			// A row's own defaults (a shop order's reference) give way to the node's.
			rows.push({
				...row,
				defaults: { ...row.defaults, ...readDefaults.call(this, itemIndex, operation, connection) },
			});
		} catch (error) {
			if (!options.continueOnFail) throw withItemIndex.call(this, error, itemIndex);
			unreadable.set(itemIndex, error as Error);
		}
	}
	// A re-delivery in one run is a repeat, placed once, not a second set of lines.
	const prepareOptions = shopItems > 0 ? { ...options, groupByEcOrderNo: false } : options;
	// README "Dates as shops send them".
	const workflowZone =
		options.timeZones?.input ??
		(typeof this.getTimezone === 'function' ? this.getTimezone() : DEFAULT_API_TIME_ZONE);
	const timeZones = { api: options.timeZones?.api ?? DEFAULT_API_TIME_ZONE, input: workflowZone };
	return {
		orders: prepareOrders(rows, operation, { ...prepareOptions, timeZones }),
		unreadable,
		leftOut,
		unsent,
	};
}
