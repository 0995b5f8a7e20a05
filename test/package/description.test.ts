/**
 * What the editor shows of the Printio and Printio Trigger nodes: names that fit the parameter and options panel
 * (measured in n8n 2.41.1: "Combine Rows by EC Order N…" and "Multi-Item Orders (MultiItemOr…" were cut at 26
 * characters), n8n's own casing ("Add option", no title-cased units such as "(Ms)").
 */
import type { INodeProperties, INodePropertyCollection } from 'n8n-workflow';

import { Printio } from '../../nodes/Printio/Printio.node';
import { PrintioTrigger } from '../../nodes/PrintioTrigger/PrintioTrigger.node';

/** The longest display name that n8n 2.41.1 shows whole in a node's options panel. */
const PANEL_NAME_MAX = 25;

type Named = { node: string; path: string; displayName: string; property?: INodeProperties };

function isGroup(option: unknown): option is INodePropertyCollection {
	return (
		typeof option === 'object' &&
		option !== null &&
		Array.isArray((option as INodePropertyCollection).values)
	);
}

/**
 * Every name the editor shows as a field or option label: top-level parameters, the options of collections, the
 * groups and values of fixed collections, the modes of locators. Notices are text, not names; the entries of a
 * dropdown open in a wider list.
 */
function namesOf(node: string, properties: INodeProperties[], path = ''): Named[] {
	return properties.flatMap((property): Named[] => {
		if (property.type === 'notice') return [];
		const here = `${path}${property.name}`;
		const own: Named[] = [{ node, path: here, displayName: property.displayName, property }];
		const modes = (property.modes ?? []).map((mode) => ({
			node,
			path: `${here}[${mode.name}]`,
			displayName: mode.displayName,
		}));
		if (property.type !== 'collection' && property.type !== 'fixedCollection')
			return [...own, ...modes];
		const nested = (property.options ?? []).flatMap((option): Named[] =>
			isGroup(option)
				? [
						{ node, path: `${here}.${option.name}`, displayName: option.displayName },
						...namesOf(node, option.values, `${here}.${option.name}.`),
					]
				: namesOf(node, [option as INodeProperties], `${here}.`),
		);
		return [...own, ...modes, ...nested];
	});
}

const nodes = {
	Printio: new Printio().description,
	'Printio Trigger': new PrintioTrigger().description,
};
const names = Object.entries(nodes).flatMap(([node, description]) =>
	namesOf(node, description.properties),
);
/** Deduplicated by node and path: the same field is repeated once per operation that shows it. */
const unique = [
	...new Map(
		names.map((named) => [`${named.node}:${named.path}:${named.displayName}`, named]),
	).values(),
];

describe('Printio and Printio Trigger: names as the editor shows them', () => {
	it('walks every field, option, line value and locator mode of both nodes', () => {
		const paths = new Set(unique.map((named) => `${named.node}:${named.path}`));
		for (const expected of [
			'Printio:options.groupByEcOrderNo',
			'Printio:options.preflight',
			'Printio:lines.line.quantity',
			'Printio:itemCode[list]',
			'Printio Trigger:options.lookBackMinutes',
		]) {
			expect(paths).toContain(expected);
		}
		expect(unique.length).toBeGreaterThan(100);
	});

	it(`every display name fits the panel (at most ${PANEL_NAME_MAX} characters)`, () => {
		const tooLong = unique
			.filter((named) => named.displayName.length > PANEL_NAME_MAX)
			.map(
				(named) =>
					`${named.node} › ${named.path}: "${named.displayName}" (${named.displayName.length})`,
			);
		expect(tooLong).toEqual([]);
	});

	it('no display name carries a title-cased unit such as (Ms)', () => {
		expect(
			unique
				.map((named) => named.displayName)
				.filter((name) => /\((Ms|S|Min|Sec|Secs|Mins)\)/.test(name)),
		).toEqual([]);
	});

	it('every Options collection of both nodes says "Add option", as n8n does', () => {
		const placeholders = unique
			.filter((named) => named.property?.type === 'collection' && named.property.name === 'options')
			.map((named) => `${named.node}: ${named.property?.placeholder}`);
		expect(placeholders.some((placeholder) => placeholder.startsWith('Printio Trigger:'))).toBe(
			true,
		);
		expect(placeholders.filter((placeholder) => !placeholder.endsWith(': Add option'))).toEqual([]);
	});
});
