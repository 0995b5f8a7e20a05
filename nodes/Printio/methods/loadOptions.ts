import type { ILoadOptionsFunctions, INodePropertyOptions } from 'n8n-workflow';

import type { CategoriesResponse } from '../../../contract/types';
import { printioApiRequest } from '../transport';

export async function getCategories(this: ILoadOptionsFunctions): Promise<INodePropertyOptions[]> {
	const body = (await printioApiRequest.call(this, 'getCategories')) as unknown as CategoriesResponse;
	return (body.categories ?? [])
		.map((category) => ({ name: category.category_name, value: category.category_id }))
		.sort((a, b) => a.name.localeCompare(b.name));
}
