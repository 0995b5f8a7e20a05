/**
 * The parameters saved workflows depend on. A workflow stores each parameter by its name and an options parameter
 * by its value, shown by displayOptions: renaming one, changing its type or default, dropping an option value or
 * moving it to other operations silently changes users' saved workflows when they update the package. The snapshot
 * (`__snapshots__/parameters.contract.test.ts.snap`) is that contract; update it (`npx jest -u <this file>`) only
 * for a change the CHANGELOG announces. The texts a person reads are free to change, but never empty.
 */
import type {
	INodeProperties,
	INodePropertyCollection,
	INodePropertyOptions,
	INodeTypeDescription,
} from 'n8n-workflow';

import { Printio } from '../../nodes/Printio/Printio.node';
import { PrintioTrigger } from '../../nodes/PrintioTrigger/PrintioTrigger.node';

type Entry = { path: string; contract: Record<string, unknown>; texts: Record<string, unknown> };

const isGroup = (option: unknown): option is INodePropertyCollection =>
	typeof option === 'object' &&
	option !== null &&
	Array.isArray((option as INodePropertyCollection).values);
const isProperty = (option: unknown): option is INodeProperties =>
	typeof option === 'object' &&
	option !== null &&
	typeof (option as INodeProperties).type === 'string';

/** Every parameter, collection option, fixed-collection group and option value of a node, with what a workflow stores. */
function entriesOf(properties: INodeProperties[], path: string): Entry[] {
	return properties.flatMap((property, index): Entry[] => {
		const here = `${path}${property.name}#${index}`;
		const options = property.options ?? [];
		const own: Entry = {
			path: here,
			contract: {
				name: property.name,
				type: property.type,
				default: property.default,
				required: property.required ?? false,
				noDataExpression: property.noDataExpression ?? false,
				displayOptions: property.displayOptions ?? null,
				typeOptions: property.typeOptions ?? null,
				modes:
					property.modes?.map((mode) => ({
						name: mode.name,
						type: mode.type,
						typeOptions: mode.typeOptions ?? null,
						validation: mode.validation ?? null,
						extractValue: mode.extractValue ?? null,
					})) ?? null,
				values: options
					.filter((option) => !isGroup(option) && !isProperty(option))
					.map((option) => (option as INodePropertyOptions).value),
			},
			texts: {
				displayName: property.displayName,
				description: property.description,
				placeholder: property.placeholder,
				hint: property.hint,
			},
		};
		const values: Entry[] = options
			.filter((option) => !isGroup(option) && !isProperty(option))
			.map((option) => {
				const value = option as INodePropertyOptions;
				return {
					path: `${here}=${String(value.value)}`,
					contract: {},
					texts: { name: value.name, description: value.description, action: value.action },
				};
			});
		const nested = options.flatMap((option): Entry[] => {
			if (isGroup(option)) {
				return [
					{
						path: `${here}.${option.name}`,
						contract: { name: option.name },
						texts: { displayName: option.displayName },
					},
					...entriesOf(option.values, `${here}.${option.name}.`),
				];
			}
			return isProperty(option) ? entriesOf([option], `${here}.`) : [];
		});
		return [own, ...values, ...nested];
	});
}

function nodeContract(description: INodeTypeDescription) {
	return {
		name: description.name,
		version: description.version,
		defaults: description.defaults,
		inputs: description.inputs,
		outputs: description.outputs,
		credentials: description.credentials,
		polling: description.polling ?? false,
		// Option values are in their parameter's `values`; their own entries hold only texts.
		parameters: Object.fromEntries(
			entriesOf(description.properties, '')
				.filter((entry) => Object.keys(entry.contract).length > 0)
				.map((entry) => [entry.path, entry.contract]),
		),
	};
}

const nodes: Record<string, INodeTypeDescription> = {
	Printio: new Printio().description,
	'Printio Trigger': new PrintioTrigger().description,
};

describe.each(Object.entries(nodes))(
	'%s: the parameters saved workflows store',
	(_, description) => {
		it('keep their names, types, defaults, option values and where they show', () => {
			expect(nodeContract(description)).toMatchSnapshot();
		});

		it('show a person a name, and no empty text', () => {
			expect(description.displayName.trim()).not.toBe('');
			expect(description.description.trim()).not.toBe('');
			const entries = entriesOf(description.properties, '');
			expect(entries.length).toBeGreaterThan(10);
			const empty = entries.flatMap((entry) =>
				Object.entries(entry.texts)
					.filter(([key, text]) =>
						key === 'displayName' || key === 'name'
							? typeof text !== 'string' || text.trim() === ''
							: text !== undefined && (typeof text !== 'string' || text.trim() === ''),
					)
					.map(([key]) => `${entry.path} ${key}`),
			);
			expect(empty).toEqual([]);
		});
	},
);
