import { NodeOperationError } from 'n8n-workflow';
import type { IDataObject, ILoadOptionsFunctions, INodePropertyOptions } from 'n8n-workflow';

import type { OriginalItemsQuery } from '../../../contract/types';
import { connectPrintio } from '../../shared/printio/transport';

export async function getCategories(this: ILoadOptionsFunctions): Promise<INodePropertyOptions[]> {
	const api = await connectPrintio(this);
	const body = await api.request('getCategories');
	return (body.categories ?? [])
		.map((category) => ({ name: category.category_name, value: category.category_id }))
		.sort((a, b) => a.name.localeCompare(b.name));
}

/**
 * Colours of the original item chosen on the same order line (Order › Create). The line's Original Item
 * Code wins over its EC Original Item Code, as in the order itself.
 */
export async function getOriginalItemColors(this: ILoadOptionsFunctions): Promise<INodePropertyOptions[]> {
	const code = lineValue(this, '&originalItemCode');
	const ecCode = code ? undefined : lineValue(this, '&ecOriginalItemCode');
	if (!code && !ecCode) throw chooseFirst(this, 'Original Item Code (or EC Original Item Code)');
	const api = await connectPrintio(this);
	const qs: OriginalItemsQuery = { retailer_id: api.connection.retailerId };
	if (code) qs.original_item_code = code;
	else qs.ec_original_item_code = ecCode;
	const body = await api.request('getOriginalItems', { qs });
	const record = body.original_items?.[0];
	if (!record) throw notFound(this, 'original item', (code ?? ecCode) as string);
	return colorOptions([
		...namesOf(record.colors?.values),
		...(record.image_urls ?? []).map((image) => image.color_name),
		record.default_color?.name,
	]);
}

/** Colours of the catalog item chosen on the same order line (Order › Create With Images). */
export async function getItemColors(this: ILoadOptionsFunctions): Promise<INodePropertyOptions[]> {
	const code = lineValue(this, '&itemCode');
	if (!code) throw chooseFirst(this, 'Item Code');
	const api = await connectPrintio(this);
	const body = await api.request('getItems', { qs: { retailer_id: api.connection.retailerId, item_code: code } });
	const record = body.list_item_data?.find((item) => item.code === code) ?? body.list_item_data?.[0];
	if (!record) throw notFound(this, 'catalog item', code);
	return colorOptions(namesOf(record.colors?.values));
}

/** A sibling on the same line; an expression the editor could not resolve yet counts as not chosen. */
function lineValue(context: ILoadOptionsFunctions, path: string): string | undefined {
	const value = context.getCurrentNodeParameter(path);
	const text = typeof value === 'string' ? value.trim() : '';
	return text && !text.startsWith('=') ? text : undefined;
}

/** The spec leaves the shape of colors.values open: take each element's name when it has one. */
function namesOf(values: unknown): unknown[] {
	return Array.isArray(values) ? values.map((value) => (value as IDataObject | null)?.name) : [];
}

function colorOptions(names: unknown[]): INodePropertyOptions[] {
	const unique = [...new Set(names.filter((name): name is string => typeof name === 'string' && name !== ''))];
	return unique.map((name) => ({ name, value: name }));
}

function chooseFirst(context: ILoadOptionsFunctions, field: string): NodeOperationError {
	return new NodeOperationError(context.getNode(), `Set this line's ${field} first`, {
		description: 'The colours are read from that item in the catalog. An expression works too.',
	});
}

function notFound(context: ILoadOptionsFunctions, what: string, code: string): NodeOperationError {
	return new NodeOperationError(context.getNode(), `No ${what} with code ${code}`, {
		description: 'Check the code on this line; the colours are read from that item in the catalog.',
	});
}
