// CSS imported `with { type: 'text' }` (esbuild) is the stylesheet's text; see styles.ts.
declare module '*.css' {
  const text: string;
  export default text;
}
