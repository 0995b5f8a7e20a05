/** The fix a Shop Product refusal gives (undefined when nothing is refused); other errors are thrown on. */
import { ShopProductRefusal } from '../../../../../../nodes/Printio/actions/originalItem/shopProduct/variants';

export function refusalFix(run: () => unknown): string | undefined {
	try {
		run();
	} catch (error) {
		if (error instanceof ShopProductRefusal) return error.fix;
		throw error;
	}
	return undefined;
}
