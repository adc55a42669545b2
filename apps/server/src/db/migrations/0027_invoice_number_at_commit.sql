ALTER TABLE "invoices" ALTER COLUMN "sequence" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "invoices" ALTER COLUMN "number" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "pending_prefix" text;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_numbered_or_pending" CHECK (("invoices"."sequence" IS NOT NULL AND "invoices"."number" IS NOT NULL AND "invoices"."pending_prefix" IS NULL) OR ("invoices"."sequence" IS NULL AND "invoices"."number" IS NULL AND "invoices"."pending_prefix" IS NOT NULL));--> statement-breakpoint
-- A payment's invoice is numbered as its transaction commits, not when it is inserted: the
-- series' row is then locked only while PostgreSQL commits, never while the server sends the
-- payment's next statement, so payments at an on-sale do not queue one behind the other for it.
-- The number is still taken in the transaction that makes the invoice exist: a rollback never
-- takes one, and the series keeps no gaps and no doubles (decision 0033). Formed as the server
-- forms it: the prefix and the number padded to six digits (never cut).
CREATE FUNCTION number_invoice_at_commit() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  taken integer;
BEGIN
  INSERT INTO document_sequences (series, last_number) VALUES (NEW.series, 1)
    ON CONFLICT (series) DO UPDATE SET last_number = document_sequences.last_number + 1
    RETURNING last_number INTO taken;
  UPDATE invoices
     SET sequence = taken,
         number = NEW.pending_prefix || CASE WHEN length(taken::text) >= 6 THEN taken::text ELSE lpad(taken::text, 6, '0') END,
         pending_prefix = NULL
   WHERE id = NEW.id;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER invoices_number_at_commit AFTER INSERT ON invoices DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW WHEN (NEW.sequence IS NULL) EXECUTE FUNCTION number_invoice_at_commit();
