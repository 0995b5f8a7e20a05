/**
 * Every word the Printio panel shows: node texts, and each parameter's, option's and collection's display name,
 * description, placeholder, hint, button and action, by where it sits. parameters.contract.test.ts pins what a saved
 * workflow stores; this snapshot pins what a person reads, so that a text emptied, swapped between operations or
 * composed from the wrong limit fails here (it is also the net for generating the order form from the field table).
 * Update it (`npx jest -u <this file>`) when a text is changed on purpose, and read the diff.
 */
import type { INodeProperties, INodePropertyCollection, INodePropertyOptions } from 'n8n-workflow';

import { Printio } from '../../../nodes/Printio/Printio.node';

const TEXT_KEYS = ['displayName', 'name', 'description', 'placeholder', 'hint', 'action'] as const;

type Option = INodeProperties | INodePropertyOptions | INodePropertyCollection;

/** The texts of one parameter, option or group, keyed by a path that names where the editor shows them. */
function textsOf(
	entries: readonly Option[],
	path: string,
): Array<[string, Record<string, unknown>]> {
	return entries.flatMap((entry, index) => {
		const key = 'value' in entry ? String(entry.value) : entry.name;
		const here = `${path}${key}#${index}`;
		const texts: Record<string, unknown> = {};
		for (const textKey of TEXT_KEYS) {
			const value = (entry as unknown as Record<string, unknown>)[textKey];
			if (value !== undefined) texts[textKey] = value;
		}
		const property = entry as INodeProperties;
		if (property.typeOptions?.multipleValueButtonText)
			texts.button = property.typeOptions.multipleValueButtonText;
		if (property.modes)
			texts.modes = property.modes.map((mode) => ({
				displayName: mode.displayName,
				placeholder: mode.placeholder,
				hint: mode.hint,
			}));
		const nested =
			'options' in entry && Array.isArray(entry.options)
				? textsOf(entry.options as Option[], `${here}.`)
				: [];
		const values =
			'values' in entry && Array.isArray(entry.values) ? textsOf(entry.values, `${here}.`) : [];
		return [[here, texts] as [string, Record<string, unknown>], ...nested, ...values];
	});
}

describe('the Printio panel', () => {
	const { description } = new Printio();

	it('names the node and what it does as it did when this test was written', () => {
		expect({
			displayName: description.displayName,
			description: description.description,
			subtitle: description.subtitle,
			group: description.group,
			defaults: description.defaults,
		}).toMatchSnapshot();
	});

	it('shows every parameter, option and collection with the words it showed when this test was written', () => {
		expect(Object.fromEntries(textsOf(description.properties, ''))).toMatchSnapshot();
	});

	it('leaves no text blank', () => {
		const blank = textsOf(description.properties, '').filter(([, texts]) =>
			Object.entries(texts).some(
				([key, value]) =>
					key !== 'modes' &&
					typeof value === 'string' &&
					value.trim() === '' &&
					key !== 'placeholder',
			),
		);
		expect(blank).toStrictEqual([]);
	});
});
