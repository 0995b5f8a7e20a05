// The modules StrykerJS runs one at a time (one heavy-lock hold each on this 2-core machine): name → `mutate` globs.
// Together they cover every shipped file (nodes/, credentials/) exactly once; scripts/mutation/run.mjs checks that.
export const GUARDS = [
	'nodes/Printio/actions/order/placement.ts',
	'nodes/Printio/actions/order/repeats.ts',
	'nodes/Printio/actions/order/registered.ts',
	'nodes/Printio/actions/order/inFlight.ts',
];

export const MODULES = {
	transport: ['nodes/shared/printio/transport/**/*.ts'],
	shared: ['nodes/shared/**/*.ts', '!nodes/shared/printio/transport/**/*.ts'],
	credentials: ['credentials/**/*.ts'],
	trigger: ['nodes/PrintioTrigger/**/*.ts'],
	guards: GUARDS,
	orderActions: ['nodes/Printio/actions/order/**/*.ts', ...GUARDS.map((file) => `!${file}`)],
	otherActions: ['nodes/Printio/actions/**/*.ts', '!nodes/Printio/actions/order/**/*.ts'],
	orderInput: ['nodes/Printio/orderInput/**/*.ts'],
	preflight: ['nodes/Printio/preflight/**/*.ts'],
	node: ['nodes/Printio/*.ts', 'nodes/Printio/helpers/**/*.ts', 'nodes/Printio/methods/**/*.ts'],
};

/** The modules that carry money and data promises: their goal is 90 %, the rest 85 % (issue 20). */
export const PROMISE_MODULES = ['transport', 'trigger', 'credentials', 'guards', 'orderInput'];
