ALTER TABLE "customers" ADD COLUMN "language" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "language" text;--> statement-breakpoint
ALTER TABLE "customers" ADD CONSTRAINT "customers_language_code" CHECK ("customers"."language" ~ '^[a-z]{2,3}(-[A-Za-z0-9]{2,8}){0,2}$');--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_language_code" CHECK ("orders"."language" ~ '^[a-z]{2,3}(-[A-Za-z0-9]{2,8}){0,2}$');