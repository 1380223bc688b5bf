/** The point of the sheet under the pointer (pin-drag.ts): fractions of the sheet's box on screen, zoom and pan included. */
import { describe, expect, it } from 'vitest';
import { pointOnSheet } from './pin-drag';

const rect = { left: 100, top: 50, width: 800, height: 400 };

describe('pointOnSheet', () => {
  it('gives the fractions of the width and height, to 4 decimals', () => {
    expect(pointOnSheet(100, 50, rect)).toEqual({ x: 0, y: 0 });
    expect(pointOnSheet(900, 450, rect)).toEqual({ x: 1, y: 1 });
    expect(pointOnSheet(300, 150, rect)).toEqual({ x: 0.25, y: 0.25 });
    expect(pointOnSheet(101, 51, rect)).toEqual({ x: 0.0013, y: 0.0025 });
  });

  it('follows a zoomed and panned sheet (its box on screen)', () => {
    // Zoom 3 and panned left: the sheet's box is 2400 × 1200 starting at (-500, -200).
    expect(pointOnSheet(100, 400, { left: -500, top: -200, width: 2400, height: 1200 })).toEqual({ x: 0.25, y: 0.5 });
  });

  it('refuses a point outside the sheet, or keeps it on the edge when clamped (a drag past the edge)', () => {
    expect(pointOnSheet(50, 100, rect)).toBeUndefined();
    expect(pointOnSheet(500, 460, rect)).toBeUndefined();
    expect(pointOnSheet(50, 460, rect, true)).toEqual({ x: 0, y: 1 });
    expect(pointOnSheet(1000, 10, rect, true)).toEqual({ x: 1, y: 0 });
  });

  it('has no point on a sheet without size on screen', () => {
    expect(pointOnSheet(10, 10, { left: 0, top: 0, width: 0, height: 0 })).toBeUndefined();
    expect(pointOnSheet(10, 10, { left: 0, top: 0, width: 0, height: 0 }, true)).toBeUndefined();
  });
});
