import { z } from "zod";

// Imported for its effect by the browser's entry points that parse with zod (the judge client and
// the judge's Web Worker). The Content-Security-Policy has no 'unsafe-eval' (docs/decisions/111):
// zod's first parse probes `Function("")` to decide whether to compile its parsers, and the probe
// is blocked and reported as a violation. Jitless parsing is the same parsing, interpreted.
z.config({ jitless: true });
