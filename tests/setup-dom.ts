import '@testing-library/jest-dom/vitest';
import '@ant-design/v5-patch-for-react-19';

// antd and Refine read these browser APIs, which jsdom lacks.
if (!window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }) as MediaQueryList;
}
if (!('ResizeObserver' in window)) {
  (window as unknown as { ResizeObserver: unknown }).ResizeObserver = class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
}
const { getComputedStyle } = window;
window.getComputedStyle = (elt: Element, pseudo?: string | null) => getComputedStyle(elt, pseudo ?? undefined);
