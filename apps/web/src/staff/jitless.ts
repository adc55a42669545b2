import { z } from 'zod';

// The back office's page enforces Trusted Types (require-trusted-types-for 'script'), under which
// building a function from a string is refused. zod would probe for that (`new Function`) while
// the contract's schemas are made, and the browser reports the refusal as an error: told to
// interpret instead of compiling, it never tries. Imported first, before any schema is made; the
// build puts it in zod's own chunk (vite.staff.config.ts), which every chunk that makes a schema
// imports, so it also runs before the schemas of a chunk the entry shares with the pages.
z.config({ jitless: true });
