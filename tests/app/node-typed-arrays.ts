/**
 * Test helper for app tests whose in-process API renders PDFs (the daily report's distribution on
 * each conclusion and signature). The jsdom environment replaces the global Uint8Array and
 * ArrayBuffer with jsdom's, so a Node Buffer (the font files pdfkit reads from disk) is no
 * `instanceof Uint8Array` and pdfkit refuses the fonts (500 "Not a supported font format").
 * Registers hooks that put Node's constructors back while the file runs.
 */
import { afterAll, beforeAll } from 'vitest';

export function useNodeTypedArrays(): void {
  const g = globalThis as { Uint8Array: Uint8ArrayConstructor; ArrayBuffer: ArrayBufferConstructor };
  const jsdom = { Uint8Array: g.Uint8Array, ArrayBuffer: g.ArrayBuffer };
  beforeAll(() => {
    g.Uint8Array = Object.getPrototypeOf(Buffer.prototype).constructor as Uint8ArrayConstructor;
    g.ArrayBuffer = Buffer.alloc(1).buffer.constructor as ArrayBufferConstructor;
  });
  afterAll(() => {
    g.Uint8Array = jsdom.Uint8Array;
    g.ArrayBuffer = jsdom.ArrayBuffer;
  });
}
