/**
 * The lifecycle's pace (`stepSeconds` > 0): a timer checks often (a quarter step, 20 ms..1 s) so that each
 * shipment advances about one step per interval of the virtual clock.
 */
import { unencapsulated } from './unencapsulated';

export const lifecycleTimer = unencapsulated(async (app) => {
	const stepMs = app.settings.stepSeconds * 1000;
	if (stepMs <= 0) return;
	let timer: NodeJS.Timeout | undefined;
	app.addHook('onReady', async () => {
		timer = setInterval(
			() => {
				try {
					app.store.advanceDue(stepMs);
				} catch (error) {
					process.stderr.write(`printio-sandbox: lifecycle tick failed: ${String(error)}\n`);
				}
			},
			Math.min(1000, Math.max(20, stepMs / 4)),
		);
		timer.unref();
	});
	app.addHook('preClose', async () => clearInterval(timer));
});
