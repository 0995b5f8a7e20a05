/**
 * Shop modes: a line is a print line when its code is one of the retailer's original items, asked of the caller
 * once per distinct code and retailer per run. A failed look-up never lets an order through unchecked nor drops its
 * lines silently: the item fails and nothing is sent for it.
 */
import type { IDataObject, IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { mapWithConcurrency } from '../../../shared/printio/concurrency';
import type { Connection } from '../../../shared/printio/transport';
import { resolveRetailerId } from '../../helpers/parameters';
import {
	readShopSettings,
	shopCodesWantingOptions,
	shopLineCodes,
	shopLinesOverride,
	shopPlatformOf,
} from './fromShopOrder';
import type { IsPrintItem } from './shop';
import type { ItemOptions, OptionsOf } from './variantOptions';

type CodeField = 'ec_original_item_code' | 'original_item_code';

export interface OriginalItemQuery {
	retailerId: number;
	by: CodeField;
	code: string;
	/** The first item that asks, for the item index of a failed read. */
	itemIndex: number;
}

export type OriginalItemExists = (query: OriginalItemQuery) => Promise<boolean>;

/** Asked only of codes that are original items. */
export type OriginalItemOptions = (query: OriginalItemQuery) => Promise<ItemOptions | undefined>;

export interface ShopCatalog {
	isPrintItem: IsPrintItem;
	optionsOf: OptionsOf;
}

export type ShopLookup = Map<number, ShopCatalog | Error>;

type Wanted = OriginalItemQuery & { wantsOptions: boolean };

const keyOf = (wanted: Omit<Wanted, 'itemIndex'>) =>
	`${wanted.retailerId}\u0000${wanted.by}\u0000${wanted.code}`;

export async function lookUpShopPrintItems(
	this: IExecuteFunctions,
	items: INodeExecutionData[],
	connection: Connection,
	exists: OriginalItemExists,
	concurrency: number,
	itemOptions?: OriginalItemOptions,
): Promise<ShopLookup> {
	const perItem = new Map<number, Wanted[] | Error>();
	const distinct = new Map<string, Wanted>();
	for (let itemIndex = 0; itemIndex < items.length; itemIndex++) {
		const platform = shopPlatformOf(
			this.getNodeParameter('inputMode', itemIndex, 'defineBelow') as string,
		);
		if (platform === undefined) continue;
		try {
			const overrides = this.getNodeParameter('shopOverrides', itemIndex, {}) as IDataObject;
			// Lines (JSON) replaces the platform's lines: there is nothing to look up.
			if (shopLinesOverride(overrides) !== undefined) continue;
			const settings = readShopSettings.call(this, itemIndex);
			const options = this.getNodeParameter('options', itemIndex, {}) as IDataObject;
			const retailerId = resolveRetailerId.call(this, itemIndex, options, connection);
			const by: CodeField =
				settings.codeKind === 'originalItemCode' ? 'original_item_code' : 'ec_original_item_code';
			const json = items[itemIndex].json;
			const wantsOptions = new Set(shopCodesWantingOptions(json, platform, settings));
			const wanted = shopLineCodes(json, platform, settings).map((code) => ({
				retailerId,
				by,
				code,
				itemIndex,
				wantsOptions: wantsOptions.has(code),
			}));
			for (const entry of wanted)
				if (!distinct.has(keyOf(entry))) distinct.set(keyOf(entry), entry);
			perItem.set(itemIndex, wanted);
		} catch (error) {
			perItem.set(itemIndex, error as Error);
		}
	}

	const found = new Map<string, boolean | Error>();
	await mapWithConcurrency([...distinct.entries()], concurrency, async ([key, entry]) => {
		try {
			found.set(key, await exists(query(entry)));
		} catch (error) {
			found.set(key, error as Error);
		}
	});

	// Asked by the first item that needs them.
	const optionsWanted = new Map<string, Wanted>();
	for (const wanted of perItem.values()) {
		if (wanted instanceof Error) continue;
		for (const entry of wanted)
			if (
				entry.wantsOptions &&
				found.get(keyOf(entry)) === true &&
				!optionsWanted.has(keyOf(entry))
			)
				optionsWanted.set(keyOf(entry), entry);
	}
	const options = new Map<string, ItemOptions | undefined | Error>();
	if (itemOptions) {
		await mapWithConcurrency([...optionsWanted.entries()], concurrency, async ([key, entry]) => {
			try {
				options.set(key, await itemOptions(query(entry)));
			} catch (error) {
				options.set(key, error as Error);
			}
		});
	}

	const lookup: ShopLookup = new Map();
	for (const [itemIndex, wanted] of perItem) {
		if (wanted instanceof Error) {
			lookup.set(itemIndex, wanted);
			continue;
		}
		const failed = wanted
			.map((entry) => found.get(keyOf(entry)))
			.find((answer): answer is Error => answer instanceof Error);
		if (failed) {
			lookup.set(itemIndex, couldNotCheck.call(this, failed, itemIndex));
			continue;
		}
		const optionsFailed = wanted
			.map((entry) => (entry.wantsOptions ? options.get(keyOf(entry)) : undefined))
			.find((answer): answer is Error => answer instanceof Error);
		if (optionsFailed) {
			lookup.set(itemIndex, couldNotReadOptions.call(this, optionsFailed, itemIndex));
			continue;
		}
		const known = new Set(
			wanted.filter((entry) => found.get(keyOf(entry)) === true).map((entry) => entry.code),
		);
		const own = new Map(
			wanted
				.filter((entry) => entry.wantsOptions)
				.map((entry) => [entry.code, options.get(keyOf(entry))]),
		);
		lookup.set(itemIndex, {
			isPrintItem: (code) => known.has(code),
			optionsOf: (code) => {
				const answer = own.get(code);
				return answer instanceof Error ? undefined : answer;
			},
		});
	}
	return lookup;
}

/** Without the look-up's own bookkeeping. */
const query = (entry: Wanted): OriginalItemQuery => ({
	retailerId: entry.retailerId,
	by: entry.by,
	code: entry.code,
	itemIndex: entry.itemIndex,
});

function couldNotReadOptions(
	this: IExecuteFunctions,
	error: Error,
	itemIndex: number,
): NodeOperationError {
	return new NodeOperationError(
		this.getNode(),
		`Could not read the colours and sizes of the order's print items: ${error.message}`,
		{
			itemIndex,
			description:
				"A line of this order gives one variant option, or no colour or no size: which one it is, or the one it lacks, is told from its original item's colours and sizes. They could not be read, so nothing was sent for this order. Run it again when Printio answers.",
		},
	);
}

function couldNotCheck(
	this: IExecuteFunctions,
	error: Error,
	itemIndex: number,
): NodeOperationError {
	return new NodeOperationError(
		this.getNode(),
		`Could not check which lines of the order are print items: ${error.message}`,
		{
			itemIndex,
			description:
				'Each line of a shop order is looked up among your original items before the order is sent, so that only print lines are ordered. The look-up failed, so nothing was sent for this order. Run it again when Printio answers.',
		},
	);
}
