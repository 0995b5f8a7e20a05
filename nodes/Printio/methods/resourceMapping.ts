import type {
	FieldType,
	ILoadOptionsFunctions,
	ResourceMapperField,
	ResourceMapperFields,
} from 'n8n-workflow';

import { fieldsOf, formLabel } from '../orderInput/fields';
import type { OrderField, OrderOperation } from '../orderInput/fields';

/** The node's operation names of the two order-placing operations. */
const ORDER_OPERATION_OF: Record<string, OrderOperation> = {
	create: 'orderByCode',
	createWithImages: 'orderWithImage',
};

/**
 * Text for every column but a choice: n8n checks mapped values against these types before the node sees them,
 * and sheets send numbers as text (`２`, `"2"`), which the node's normalisation reads; a number type would make
 * n8n refuse them first.
 */
function typeOf(field: OrderField): FieldType {
	return field.kind === 'choice' ? 'options' : 'string';
}

/**
 * The form's label without its section (`Lines › Quantity` → `Quantity`, `Options › EC Order Date` → `EC Order
 * Date`): in the mapper one item is one line and there is no Options section, and at n8n's default panel width the
 * longer labels were cut off (measured by e2e/newcomer.e2e.test.mjs). A line's item, colour and size are text
 * columns here, not Define Below's lists: `Color`, not `Color Name or ID`.
 */
function mapperLabel(field: OrderField): string {
	return field.group === 'Lines' || field.group === 'Options' ? field.name : formLabel(field);
}

/**
 * One column of the mapper: the column name is the id, so Map Automatically reads items by the same names. The
 * label is the form's label alone: with the column name added, labels were cut off at n8n's default panel width
 * (the column names are listed in docs/order-input.md).
 */
function columnOf(field: OrderField): ResourceMapperField {
	const column: ResourceMapperField = {
		id: field.column,
		displayName: mapperLabel(field),
		// The recipient's full name may come as family and given name instead (below); the node reports it missing.
		required: field.required === 'required' && field.column !== 'shipping_full_name',
		defaultMatch: false,
		canBeUsedToMatch: false,
		display: true,
		type: typeOf(field),
	};
	if (field.kind === 'choice') {
		// String values: a column that sends "2" matches; the node reads it as the number 2.
		// Stryker disable next-line OptionalChaining,LogicalOperator,ArrayDeclaration: every choice field lists its values (fields.ts)
		column.options = (field.limit?.values ?? []).map((value) => ({
			name: String(value),
			value: String(value),
		}));
	}
	return column;
}

/**
 * The recipient's name as two columns (read into shipping_full_name when that is empty, family name first):
 * shop platforms and forms give first and last name apart, and joining them took an expression.
 */
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

/**
 * Columns of Order › Create / Create With Images for the resource mapper, from the order field table: every
 * column the operation reads, in the order a person fills an order, with its type and required mark. One
 * column per novelty (`novelty_<name>`) cannot be listed; `action_after_print` takes them all.
 */
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
