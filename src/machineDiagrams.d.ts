declare module 'virtual:machine-diagrams' {
  /** Every machine of `machines/`, drawn at build time: its id, the URL of its SVG and its size in px. */
  const diagrams: ReadonlyArray<{ id: string; url: string; width: number; height: number }>;
  export default diagrams;
}
