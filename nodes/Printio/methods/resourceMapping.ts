import type {
	FieldType,
	ILoadOptionsFunctions,
	ResourceMapperField,
	ResourceMapperFields,
} from 'n8n-workflow';

import { fieldsOf, formLabel } from '../orderInput/fields';
import type { OrderField, OrderOperation } from '../orderInput/fields';

const ORDER_OPERATION_OF: Record<string, OrderOperation> = {
	create: 'orderByCode',
	createWithImages: 'orderWithImage',
};

// Text: n8n checks mapped types before the node, and would refuse the `２` or "2" sheets send for numbers.
function typeOf(field: OrderField): FieldType {
	return field.kind === 'choice' ? 'options' : 'string';
}

// Without the section: longer labels were cut off at n8n's default panel width (e2e/newcomer.e2e.test.mjs).
function mapperLabel(field: OrderField): string {
	return field.group === 'Lines' || field.group === 'Options' ? field.name : formLabel(field);
}

// The column name is the id, so that Map Automatically reads items by the same names.
function columnOf(field: OrderField): ResourceMapperField {
	const column: ResourceMapperField = {
		id: field.column,
		displayName: mapperLabel(field),
		// The full name may come as family and given name instead; the node reports it missing.
		required: field.required === 'required' && field.column !== 'shipping_full_name',
		defaultMatch: false,
		canBeUsedToMatch: false,
		display: true,
		type: typeOf(field),
	};
	if (field.kind === 'choice') {
		// Strings, so that a column sending "2" matches.
		column.options = field.limit.values.map((value) => ({
			name: String(value),
			value: String(value),
		}));
	}
	return column;
}

// Shops and forms give the names apart, and joining them took an expression.
const RECIPIENT_NAME_PARTS: ResourceMapperField[] = [
	['shipping_family_name', 'Recipient Family Name'],
	['shipping_given_name', 'Recipient Given Name'],
].map(([id, displayName]) => ({
	id,
	displayName,
	required: false,
	defaultMatch: false,
	canBeUsedToMatch: false,
	display: true,
	type: 'string',
}));

// `novelty_<name>` columns cannot be listed; `action_after_print` takes them all.
export async function getOrderColumns(this: ILoadOptionsFunctions): Promise<ResourceMapperFields> {
	const operation =
		ORDER_OPERATION_OF[String(this.getCurrentNodeParameter('operation'))] ?? 'orderByCode';
	const fields = fieldsOf(operation)
		.filter((field) => !field.column.includes('<'))
		.flatMap((field) =>
			field.column === 'shipping_full_name'
				? [columnOf(field), ...RECIPIENT_NAME_PARTS]
				: [columnOf(field)],
		);
	return { fields };
}
