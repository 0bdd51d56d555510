// marked 4 ships no types; this declares the one call the Markdown widget makes.
declare module 'marked' {
  export interface MarkedOptions {
    gfm?: boolean;
    breaks?: boolean;
    headerIds?: boolean;
    mangle?: boolean;
  }
  export const marked: {
    parse(source: string, options?: MarkedOptions): string;
  };
}
