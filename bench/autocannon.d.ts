// autocannon ships no type declarations; only what the benchmark uses.
declare module 'autocannon' {
	interface Options {
		url: string;
		connections?: number;
		duration?: number;
		pipelining?: number;
		headers?: Record<string, string>;
	}
	interface Histogram {
		average: number;
		total: number;
		mean: number;
		p50: number;
		p99: number;
	}
	interface Result {
		requests: Histogram;
		latency: Histogram;
		errors: number;
		timeouts: number;
		non2xx: number;
	}
	function autocannon(options: Options): Promise<Result>;
	export = autocannon;
}
