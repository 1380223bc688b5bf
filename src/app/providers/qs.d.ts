// The part of `qs` (a dependency of Refine's router bindings) that router-provider.ts uses.
declare module 'qs' {
  interface ParseOptions {
    ignoreQueryPrefix?: boolean;
    depth?: number;
  }
  const qs: { parse(str: string, options?: ParseOptions): Record<string, unknown> };
  export default qs;
}
