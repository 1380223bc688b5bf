// CSS side-effect modules of @fontsource/roboto (one per weight), imported lazily by fonts.ts.
declare module '@fontsource/roboto/*.css';
