import type { Plugin } from 'vite';
import { exportedMachines } from '../scripts/export-machines';
import { drawMachine } from './machineDiagrams';

const virtualId = 'virtual:machine-diagrams';
const resolvedId = `\0${virtualId}`;

/**
 * `virtual:machine-diagrams`: every machine of `machines/` drawn as a statechart at build time
 * (ELK layout, SVG), for the Documentation screen. The build emits one SVG file per machine and
 * the module lists their URLs, sizes and outlines (states and events as text, for phones); the dev server inlines them as data URLs.
 */
export function machineDiagrams(): Plugin {
  let serve = false;
  return {
    name: 'pips-machine-diagrams',
    configResolved(config) {
      serve = config.command === 'serve';
    },
    resolveId(id) {
      return id === virtualId ? resolvedId : undefined;
    },
    async load(id) {
      if (id !== resolvedId) return undefined;
      const diagrams = await Promise.all(exportedMachines().map((machine) => drawMachine(machine)));
      const entries = diagrams.map(({ id: machineId, svg, outline }) => {
        // Its size, for the page to keep the room of a drawing not loaded yet (no layout shift).
        const [, width, height] = /^<svg[^>]* width="(\d+)" height="(\d+)"/.exec(svg) ?? [];
        const fields = `id: ${JSON.stringify(machineId)}, width: ${Number(width)}, height: ${Number(height)}, outline: ${JSON.stringify(outline)}`;
        if (serve) return `{ ${fields}, url: ${JSON.stringify(`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`)} }`;
        const ref = this.emitFile({ type: 'asset', name: `${machineId}.svg`, source: svg });
        return `{ ${fields}, url: import.meta.ROLLUP_FILE_URL_${ref} }`;
      });
      return `/** Every machine of the app, drawn as a statechart. */\nexport default [${entries.join(',\n')}];\n`;
    },
  };
}
