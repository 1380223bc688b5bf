/** jsdom has no layout: every box (the viewport, the sheet) becomes 1000 × 500 px at the page's top left. */
import { vi } from 'vitest';

export function mockSheetLayout(): void {
  vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockReturnValue({
    left: 0,
    top: 0,
    width: 1000,
    height: 500,
    right: 1000,
    bottom: 500,
    x: 0,
    y: 0,
    toJSON: () => ({}),
  });
}
