declare module 'virtual:machine-diagrams' {
  /** One state of a machine: its path below the machine, its depth, its transitions (event, targets). */
  interface StateOutline {
    path: string;
    depth: number;
    on: { event: string; to: string[] }[];
  }
  /** Every machine of `machines/`, drawn at build time: its id, the URL of its SVG, its size in px and its states as text. */
  const diagrams: ReadonlyArray<{ id: string; url: string; width: number; height: number; outline: readonly StateOutline[] }>;
  export default diagrams;
}
