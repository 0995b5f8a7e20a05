/**
 * Order › Get Statuses' form (getStatuses.operation.ts), what the other tests left open (Stryker survivors): the
 * notice that heads the form is a notice parameter with its own name and no value of its own.
 */
import { description } from '../../../../../nodes/Printio/actions/order/getStatuses.operation';

describe('Order › Get Statuses form: its opening notice', () => {
	it('opens with the notice saying what the operation returns', () => {
		const [notice] = description;
		expect({ name: notice.name, type: notice.type, default: notice.default }).toStrictEqual({ name: 'statusNotice', type: 'notice', default: '' });
		expect(notice.displayName).toContain('Returns the current status of each order whose status changed in the range');
	});
});
