/** The print positions and image types (api/positions.ts): one image slot per position and type, position by position. */
import { IMAGE_SLOTS, IMAGE_URL_TYPES, PRINT_POSITIONS } from '../../api/positions';

it('the image slots are every position with Output then Thumbnail, in the order of the positions', () => {
	expect(PRINT_POSITIONS).toStrictEqual(['front', 'back', 'left', 'right']);
	expect(IMAGE_URL_TYPES).toStrictEqual(['Output', 'Thumbnail']);
	expect(IMAGE_SLOTS.map(({ position, type }) => `${position} ${type}`)).toStrictEqual([
		'front Output',
		'front Thumbnail',
		'back Output',
		'back Thumbnail',
		'left Output',
		'left Thumbnail',
		'right Output',
		'right Thumbnail',
	]);
});
