/**
 * The app's first evaluation in stages, each in a task of its own (issue 12, Lighthouse's Total
 * Blocking Time on /home). The `app` chunk holds everything the first screen needs, and the
 * bundler wraps its modules in init functions that run in import order; evaluated at once they
 * were one task of 50–110 ms on this host (4x that on Lighthouse's phone): React DOM, the
 * machines' definitions, the actor system, the shell's Mantine components, and the rest with
 * `main.tsx`'s start. Each stage below imports one part and then awaits `nextTask()`; the
 * bundler runs the modules imported after it only once that top-level `await` has resolved, so
 * the browser paints and takes input between the parts. Nothing here changes what runs or in
 * which order, only where the tasks end (in Vite's dev server, where modules are native, the
 * stages still come in this order, and a module that imports none of them may run earlier).
 */
import './react';
import './machineDefinitions';
import './actors';
import './shell';
