import { NodeOperationError } from 'n8n-workflow';
import type { IDataObject, ILoadOptionsFunctions, INodePropertyOptions } from 'n8n-workflow';

import type { Item, OriginalItem, OriginalItemsQuery, SizeValue } from '../../../contract/types';
import { lineOriginalItem, locatorValue } from '../helpers/parameters';
import { connectPrintio } from '../../shared/printio/transport';

export async function getCategories(this: ILoadOptionsFunctions): Promise<INodePropertyOptions[]> {
	const api = await connectPrintio(this);
	const body = await api.request('getCategories');
	return (body.categories ?? [])
		.map((category) => ({ name: category.category_name, value: category.category_id }))
		.sort((a, b) => a.name.localeCompare(b.name));
}

/** Colours of the original item chosen on the same order line (Order › Create). */
export async function getOriginalItemColors(this: ILoadOptionsFunctions): Promise<INodePropertyOptions[]> {
	const record = await lineOriginalItemRecord(this);
	return colorOptions([
		...namesOf(record.colors?.values),
		...(record.image_urls ?? []).map((image) => image.color_name),
		record.default_color?.name,
	]);
}

/** Sizes of the original item chosen on the same order line (Order › Create). */
export async function getOriginalItemSizes(this: ILoadOptionsFunctions): Promise<INodePropertyOptions[]> {
	return sizeOptions((await lineOriginalItemRecord(this)).sizes?.values);
}

/** Colours of the catalog item chosen on the same order line (Order › Create With Images). */
export async function getItemColors(this: ILoadOptionsFunctions): Promise<INodePropertyOptions[]> {
	return colorOptions(namesOf((await lineItemRecord(this)).colors?.values));
}

/** Sizes of the catalog item chosen on the same order line (Order › Create With Images). */
export async function getItemSizes(this: ILoadOptionsFunctions): Promise<INodePropertyOptions[]> {
	return sizeOptions((await lineItemRecord(this)).sizes?.values);
}

/** The catalog record of the line's original item, by Printio's code or (mode By EC Code) the shop's own. */
async function lineOriginalItemRecord(context: ILoadOptionsFunctions): Promise<OriginalItem> {
	const chosen = lineOriginalItem(context.getCurrentNodeParameter('&originalItemCode'));
	const code = chosen.original_item_code ?? chosen.ec_original_item_code;
	if (!isChosen(code)) throw chooseFirst(context, 'Original Item');
	const api = await connectPrintio(context);
	const qs: OriginalItemsQuery = { retailer_id: api.connection.retailerId, ...chosen };
	const body = await api.request('getOriginalItems', { qs });
	const record = body.original_items?.[0];
	if (!record) throw notFound(context, 'original item', code);
	return record;
}

/** The catalog record of the line's item. */
async function lineItemRecord(context: ILoadOptionsFunctions): Promise<Item> {
	const code = locatorValue(context.getCurrentNodeParameter('&itemCode'));
	if (!isChosen(code)) throw chooseFirst(context, 'Item');
	const api = await connectPrintio(context);
	const body = await api.request('getItems', { qs: { retailer_id: api.connection.retailerId, item_code: code } });
	const record = body.list_item_data?.find((item) => item.code === code) ?? body.list_item_data?.[0];
	if (!record) throw notFound(context, 'catalog item', code);
	return record;
}

/** An expression the editor could not resolve yet counts as not chosen. */
function isChosen(code: string | undefined): code is string {
	return !!code && !code.startsWith('=');
}

/** The spec leaves the shape of colors.values open: take each element's name when it has one. */
function namesOf(values: unknown): unknown[] {
	return Array.isArray(values) ? values.map((value) => (value as IDataObject | null)?.name) : [];
}

function colorOptions(names: unknown[]): INodePropertyOptions[] {
	const unique = [...new Set(names.filter((name): name is string => typeof name === 'string' && name !== ''))];
	return unique.map((name) => ({ name, value: name }));
}

/** Sizes in catalog order; the description shows the measurements and the price added for the size. */
function sizeOptions(values: SizeValue[] | undefined): INodePropertyOptions[] {
	return (values ?? []).map((size) => {
		const details = (size.details ?? []).map((detail) => `${detail.name} ${detail.value}`);
		const extra = Number(size.additional_price ?? 0);
		if (extra > 0) details.push(`+${extra} per piece`);
		return { name: size.name, value: size.name, ...(details.length ? { description: details.join(' · ') } : {}) };
	});
}

function chooseFirst(context: ILoadOptionsFunctions, field: string): NodeOperationError {
	return new NodeOperationError(context.getNode(), `Set this line's ${field} first`, {
		description: 'The colours and sizes are read from that item in the catalog. An expression works too.',
	});
}

function notFound(context: ILoadOptionsFunctions, what: string, code: string): NodeOperationError {
	return new NodeOperationError(context.getNode(), `No ${what} with code ${code}`, {
		description: 'Check the item on this line; the colours and sizes are read from that item in the catalog.',
	});
}
