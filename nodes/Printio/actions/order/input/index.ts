/** Order input layer of the Printio node: mapping, normalisation, grouping and validation of orders. */
export * from './types';
export * from './prefectures';
export * from './normalize';
export * from './validate';
export * from './mapping';
export * from './grouping';
export * from './prepare';
