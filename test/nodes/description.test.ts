/**
 * What the editor shows of the Printio node's options: names that fit the options panel (measured in n8n
 * 2.41.1: "Combine Rows by EC Order N…" and "Multi-Item Orders (MultiItemOr…" were cut at 26 characters),
 * n8n's own casing ("Add option", no title-cased units such as "(Ms)").
 */
import type { INodeProperties } from 'n8n-workflow';

import { Printio } from '../../nodes/Printio/Printio.node';

type Found = { collection: string; property: INodeProperties };

function collections(properties: INodeProperties[]): INodeProperties[] {
	return properties.filter((property) => property.type === 'collection');
}

function optionsOf(properties: INodeProperties[]): Found[] {
	return collections(properties).flatMap((collection) =>
		((collection.options ?? []) as INodeProperties[]).map((property) => ({ collection: collection.name, property })),
	);
}

const all = new Printio().description.properties;
/** Order › Create and Create With Images, the operations whose options were seen cut off. */
const properties = all.filter((property) => {
	const operations = property.displayOptions?.show?.operation as string[] | undefined;
	return operations?.some((operation) => operation === 'create' || operation === 'createWithImages') &&
		(property.displayOptions?.show?.resource as string[] | undefined)?.includes('order');
});

describe('Order › Create and Create With Images: option names as the editor shows them', () => {
	it('every option name fits the options panel (at most 25 characters)', () => {
		expect(optionsOf(properties).length).toBeGreaterThan(10);
		const tooLong = optionsOf(properties)
			.map(({ property }) => property.displayName)
			.filter((name) => name.length > 25);
		expect([...new Set(tooLong)]).toEqual([]);
	});

	it('no display name carries a title-cased unit such as (Ms)', () => {
		const all = [...properties, ...optionsOf(properties).map(({ property }) => property)];
		expect(all.map((property) => property.displayName).filter((name) => /\((Ms|S|Min)\)/.test(name))).toEqual([]);
	});

	it('every Options collection of the node says "Add option", as n8n does', () => {
		const placeholders = collections(all)
			.filter((collection) => collection.name === 'options')
			.map((collection) => collection.placeholder);
		expect(placeholders.length).toBeGreaterThan(3);
		expect([...new Set(placeholders)]).toEqual(['Add option']);
	});
});
