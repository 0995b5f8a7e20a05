import type { INodeProperties } from 'n8n-workflow';

import { DEFAULT_API_TIME_ZONE } from './time';

export const apiTimeZoneOption: INodeProperties = {
	displayName: 'API Time Zone',
	name: 'apiTimeZone',
	type: 'string',
	default: DEFAULT_API_TIME_ZONE,
	placeholder: 'e.g. Asia/Tokyo',
	description:
		"Time zone of the API's date-times, which carry none. Dates you enter are read in the workflow's time zone and converted to it.",
};

export const multiItemOrderOption: INodeProperties = {
	displayName: 'Multi-Item Orders',
	name: 'multiItemOrder',
	type: 'boolean',
	default: false,
	description:
		'Whether to send the X-Feature-Flags: MultiItemOrder header: orders may mix original items, each shipment is its own record (with shipping_id), and stock errors list the available items',
};
