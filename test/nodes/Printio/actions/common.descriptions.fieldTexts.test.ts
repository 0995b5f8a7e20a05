/**
 * The words the editor shows beside the shared fields name what each operation lists or needs: "Only items of this
 * category" under Item › Get Many, not a blank or the generic locator text (parameters.contract.test.ts pins names,
 * types and defaults; this file the operation-specific descriptions).
 */
import type { INodeProperties } from 'n8n-workflow';

import { description as getCategories } from '../../../../nodes/Printio/actions/category/getMany.operation';
import { description as getItems } from '../../../../nodes/Printio/actions/item/getMany.operation';
import { description as getStock } from '../../../../nodes/Printio/actions/item/getStock.operation';
import { description as createOriginalItem } from '../../../../nodes/Printio/actions/originalItem/create.operation';
import { description as getOriginalItems } from '../../../../nodes/Printio/actions/originalItem/getMany.operation';
import { description as getSimulatorUrl } from '../../../../nodes/Printio/actions/simulator/getUrl.operation';

/** A property by name, at the top level or inside a collection (Filters, Options). */
function find(properties: INodeProperties[], name: string): INodeProperties {
	for (const property of properties) {
		if (property.name === name) return property;
		const nested = (property.options ?? []).filter(
			(option): option is INodeProperties => 'type' in option,
		);
		const inside = nested.length ? find(nested, name) : undefined;
		if (inside) return inside;
	}
	return undefined as unknown as INodeProperties;
}

const CATEGORY_HINT =
	'of this category. Choose from the list, or specify an ID using an <a href="https://docs.n8n.io/code/expressions/">expression</a>.';

it.each([
	['Item › Get Many', getItems, 'items'],
	['Item › Get Stock', getStock, 'stock'],
	['Original Item › Get Many', getOriginalItems, 'original items'],
])('%s: the category filter says what it narrows', (_, properties, what) => {
	expect(find(properties, 'categoryId')?.description).toBe(`Only ${what} ${CATEGORY_HINT}`);
});

it.each([
	['Item › Get Many', getItems, 'item'],
	['Original Item › Get Many', getOriginalItems, 'original item'],
])('%s: Simplify says what it simplifies', (_, properties, what) => {
	expect(find(properties, 'simplify')?.description).toBe(
		`Whether to return a simplified version of each ${what} instead of the raw data`,
	);
});

it.each([
	[
		'Original Item › Create',
		createOriginalItem,
		'itemCode',
		'The catalog item the design is printed on',
	],
	[
		'Simulator › Get URL',
		getSimulatorUrl,
		'itemCode',
		'The catalog item to design in the simulator',
	],
	['Original Item › Get Many', getOriginalItems, 'originalItemCode', 'Only this original item'],
])('%s: the %s locator says what it is for', (_, properties, name, text) => {
	expect(find(properties, name)?.description).toBe(text);
});

it('Category › Get Many has no category filter of its own', () => {
	expect(find(getCategories, 'categoryId')).toBeUndefined();
});
