/**
 * LineCatalog (lineCatalog.ts), the behaviour lineCatalog.test.ts left open (Stryker survivor): an item whose
 * catalog record has no colour list answers "no colours" instead of failing the run.
 */
import { LineCatalog } from '../../../../nodes/Printio/checks/lineCatalog';
import { catalogService, item } from './catalogFake';

describe('LineCatalog.colors', () => {
	it('an item record without a colour list has no colours (undefined), and no error', async () => {
		const bare = item('IT-1');
		delete bare.colors;
		const service = catalogService({ items: [bare] });
		const catalog = new LineCatalog(service.api, 1);
		await catalog.loadItems([{ retailerId: 7, itemCode: 'IT-1', itemIndex: 0 }]);
		await expect(catalog.colors(7, 'IT-1')).resolves.toBeUndefined();
	});
});
