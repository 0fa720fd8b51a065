declare module 'virtual:machine-diagrams' {
  /** Every machine of `machines/`, drawn at build time: its id and the URL of its SVG. */
  const diagrams: ReadonlyArray<{ id: string; url: string }>;
  export default diagrams;
}
