-- Decision 0038: the Ed25519 keys that sign ticket passes, generations per event; the private key is derived from APP_SECRET and the salt, never stored.
CREATE TABLE "ticket_keys" (
	"id" serial PRIMARY KEY NOT NULL,
	"event_key" integer NOT NULL,
	"generation" integer NOT NULL,
	"salt" text NOT NULL,
	"public_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"retired_at" timestamp with time zone,
	CONSTRAINT "ticket_keys_generation_positive" CHECK ("ticket_keys"."generation" > 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX "ticket_keys_event_generation" ON "ticket_keys" USING btree ("event_key","generation");