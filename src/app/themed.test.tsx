import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import { theme as antdTheme } from 'antd';
import { Themed } from './themed';

function MotionProbe() {
  const { token } = antdTheme.useToken();
  return <span>{`motion:${String(token.motion)} mid:${token.motionDurationMid}`}</span>;
}

function mockReducedMotion(reduce: boolean) {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: reduce && query.includes('prefers-reduced-motion'),
    media: query,
    addEventListener: () => {},
    removeEventListener: () => {},
  }));
}

afterEach(() => vi.unstubAllGlobals());

describe('Themed', () => {
  it('keeps antd motion by default', () => {
    mockReducedMotion(false);
    render(
      <Themed>
        <MotionProbe />
      </Themed>,
    );
    expect(screen.getByText(/motion:/).textContent).toBe('motion:true mid:0.2s');
  });

  it('turns antd motion off when the system asks for reduced motion', () => {
    mockReducedMotion(true);
    render(
      <Themed>
        <MotionProbe />
      </Themed>,
    );
    expect(screen.getByText(/motion:/).textContent).toMatch(/^motion:false mid:0s$/);
  });
});
