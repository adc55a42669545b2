import { z } from 'zod';

// The back office's page enforces Trusted Types (require-trusted-types-for 'script'), under which
// building a function from a string is refused. zod would probe for that (`new Function`) while
// the contract's schemas are made, and the browser reports the refusal as an error: told to
// interpret instead of compiling, it never tries. Imported first, before any schema is made.
z.config({ jitless: true });
