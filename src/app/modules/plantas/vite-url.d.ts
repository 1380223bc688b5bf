// Vite's `?url` imports (the pdf.js worker's address), for the type check without vite/client.
declare module '*?url' {
  const url: string;
  export default url;
}
