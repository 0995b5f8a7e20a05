import type { IDataObject, ILoadOptionsFunctions, INodePropertyOptions } from 'n8n-workflow';

import type { Item, OriginalItem, OriginalItemsQuery, SizeValue } from '../../../api/schema/types';
import { lineOriginalItem, locatorValue } from '../helpers/parameters';
import { connectPrintio } from '../../shared/printio/transport';

export async function getCategories(this: ILoadOptionsFunctions): Promise<INodePropertyOptions[]> {
	const api = await connectPrintio(this);
	const body = await api.request('getCategories');
	return (body.categories ?? [])
		.map((category) => ({ name: category.category_name, value: category.category_id }))
		.sort((a, b) => a.name.localeCompare(b.name));
}

// A line without a usable item yet is no error (n8n would answer the editor with HTTP 500): a hint entry instead.

export async function getOriginalItemColors(
	this: ILoadOptionsFunctions,
): Promise<INodePropertyOptions[]> {
	const found = await lineOriginalItemRecord(this);
	if ('hint' in found) return found.hint;
	const { record } = found;
	return colorOptions([
		...namesOf(record.colors?.values),
		...(record.image_urls ?? []).map((image) => image.color_name),
		record.default_color?.name,
	]);
}

export async function getOriginalItemSizes(
	this: ILoadOptionsFunctions,
): Promise<INodePropertyOptions[]> {
	const found = await lineOriginalItemRecord(this);
	return 'hint' in found ? found.hint : sizeOptions(found.record.sizes?.values);
}

export async function getItemColors(this: ILoadOptionsFunctions): Promise<INodePropertyOptions[]> {
	const found = await lineItemRecord(this);
	return 'hint' in found ? found.hint : colorOptions(namesOf(found.record.colors?.values));
}

export async function getItemSizes(this: ILoadOptionsFunctions): Promise<INodePropertyOptions[]> {
	const found = await lineItemRecord(this);
	return 'hint' in found ? found.hint : sizeOptions(found.record.sizes?.values);
}

type LineRecord<T> = { record: T } | { hint: INodePropertyOptions[] };

// Never '' (a field's empty value): Element Plus would keep the hint's label as the chosen entry after loading.
const HINT_VALUE = '__printioHint';

function hint(name: string): { hint: INodePropertyOptions[] } {
	return { hint: [{ name, value: HINT_VALUE, disabled: true }] };
}

async function lineOriginalItemRecord(
	context: ILoadOptionsFunctions,
): Promise<LineRecord<OriginalItem>> {
	const chosen = lineOriginalItem(context.getCurrentNodeParameter('&originalItemCode'));
	const code = chosen.original_item_code ?? chosen.ec_original_item_code;
	if (!isChosen(code)) return hint("Choose this line's Original Item first");
	const api = await connectPrintio(context);
	const qs: OriginalItemsQuery = { retailer_id: api.connection.retailerId, ...chosen };
	const body = await api.request('getOriginalItems', { qs });
	const record = body.original_items?.[0];
	return record
		? { record }
		: hint(`No original item with code ${code}: check the line's Original Item`);
}

async function lineItemRecord(context: ILoadOptionsFunctions): Promise<LineRecord<Item>> {
	const code = locatorValue(context.getCurrentNodeParameter('&itemCode'));
	if (!isChosen(code)) return hint("Choose this line's Item first");
	const api = await connectPrintio(context);
	const body = await api.request('getItems', {
		qs: { retailer_id: api.connection.retailerId, item_code: code },
	});
	const record =
		body.list_item_data?.find((item) => item.code === code) ?? body.list_item_data?.[0];
	return record ? { record } : hint(`No catalog item with code ${code}: check the line's Item`);
}

function isChosen(code: string | undefined): code is string {
	return !!code && !code.startsWith('=');
}

// The spec leaves the shape of colors.values open.
function namesOf(values: unknown): unknown[] {
	return Array.isArray(values) ? values.map((value) => (value as IDataObject | null)?.name) : [];
}

function colorOptions(names: unknown[]): INodePropertyOptions[] {
	const unique = [
		...new Set(names.filter((name): name is string => typeof name === 'string' && name !== '')),
	];
	return unique.map((name) => ({ name, value: name }));
}

// Yen: the API names no currency, but Printio prints and ships in Japan (README, Catalog prices).
function sizeOptions(values: SizeValue[] | undefined): INodePropertyOptions[] {
	return (values ?? []).map((size) => {
		const details = (size.details ?? []).map((detail) => `${detail.name} ${detail.value}`);
		const extra = Number(size.additional_price ?? 0);
		if (extra > 0) details.push(`+¥${extra} per piece`);
		return {
			name: size.name,
			value: size.name,
			...(details.length ? { description: details.join(' · ') } : {}),
		};
	});
}
