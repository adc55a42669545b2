// The shop's page runs under a CSP without 'unsafe-eval'. zod (through the contract's schemas,
// which the product, personalise and checkout pages load with their chunks) probes whether it may
// build a parser with `new Function` the first time an object schema is made; the browser refuses
// and reports the refusal as a CSP violation. Told to interpret, zod never tries.
//
// zod keeps its configuration on this global (shared by every copy of zod on the page) and only
// creates it when absent, so setting it here, in the entry, before any chunk that holds zod is
// loaded, configures zod without putting zod into the first load (the first-load budget,
// e2e/first-load-budget.spec.ts). lib/zod-interpreter.test.ts fails if zod stops reading it.
// The back office does the same through `z.config` (staff/jitless.ts): its entry holds zod anyway.
const shared = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
shared.__zod_globalConfig = { ...shared.__zod_globalConfig, jitless: true };

export {};
