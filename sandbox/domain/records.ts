/** What the sandbox stores about orders (the `doc` of an order row) and about simulator sessions. */
import type { ActionAfterPrint, AddressBlock, SenderInformation } from '../../api/schema/types';

export interface LineRecord {
	order_detail_no: string;
	ec_order_detail_no: string | null;
	item_code: string;
	item_name: string;
	quantity: number;
	color: string;
	hex: string;
	size: string;
	item_stock_code: string;
	original_item_code?: string;
	image_urls?: unknown;
}

export type NewLine = Omit<LineRecord, 'order_detail_no'>;

export interface ShipmentRecord {
	shipping_id: string;
	status_id: number;
	updated_at: string;
	/** updated_at in epoch ms (updated_at itself has whole seconds): the pace clock needs sub-second steps */
	updated_ms?: number;
	shipping_date: string | null;
	shipping_number: string | null;
	delivery_company_name: string | null;
	scheduled_delivery_date: string | null;
	lines: LineRecord[];
}

export interface OrderRecord {
	order_no: string;
	seq: number;
	retailer_id: number;
	kind: 'code' | 'image';
	multi: boolean;
	ec_order_no: string;
	ec_order_date: string | null;
	shipping_information: AddressBlock;
	sender_information: SenderInformation;
	ec_optional_information: string | null;
	action_after_print: ActionAfterPrint | null;
	shipping_method: number;
	scheduled_shipping_date: string;
	created_at: string;
	shipments: ShipmentRecord[];
}

/** An order as built from a request, before it has a number. */
export interface NewOrder {
	retailer_id: number;
	kind: 'code' | 'image';
	multi: boolean;
	ec_order_no: string;
	ec_order_date: string | null;
	shipping_information: AddressBlock;
	sender_information: SenderInformation;
	ec_optional_information: string | null;
	action_after_print: ActionAfterPrint | null;
	shipping_method: number;
	/** lines grouped into shipments, in order */
	shipments: NewLine[][];
}

export interface SimulatorSession {
	token: string;
	retailer_id: number;
	item_code: string;
	previous_url: string;
	next_url: string;
	user_id: number | null;
	created_at: string;
	/** set once "design complete" was pressed (the page is single-use) */
	original_item_code: string | null;
}

export interface Retailer {
	id: number;
	name: string;
	key: string;
	unpaid: boolean;
}
