CREATE TABLE "product_questions" (
	"id" serial PRIMARY KEY NOT NULL,
	"shop_item_id" integer NOT NULL,
	"code" text NOT NULL,
	"kind" text NOT NULL,
	"label" text NOT NULL,
	"required" boolean DEFAULT false NOT NULL,
	"per" text DEFAULT 'ticket' NOT NULL,
	"at_gate" boolean DEFAULT false NOT NULL,
	"options" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"limits" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"translations" jsonb,
	"archived" boolean DEFAULT false NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "question_answers" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"ticket_id" integer,
	"question_id" integer NOT NULL,
	"value" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "cart_products" ADD COLUMN "answers" jsonb;--> statement-breakpoint
ALTER TABLE "product_questions" ADD CONSTRAINT "product_questions_shop_item_id_shop_items_id_fk" FOREIGN KEY ("shop_item_id") REFERENCES "public"."shop_items"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "question_answers" ADD CONSTRAINT "question_answers_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "question_answers" ADD CONSTRAINT "question_answers_ticket_id_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."tickets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "question_answers" ADD CONSTRAINT "question_answers_question_id_product_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."product_questions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "product_questions_item_code" ON "product_questions" USING btree ("shop_item_id","code");--> statement-breakpoint
CREATE UNIQUE INDEX "question_answers_ticket" ON "question_answers" USING btree ("ticket_id","question_id") WHERE "question_answers"."ticket_id" IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "question_answers_order" ON "question_answers" USING btree ("order_id","question_id") WHERE "question_answers"."ticket_id" IS NULL;--> statement-breakpoint
CREATE INDEX "question_answers_question" ON "question_answers" USING btree ("question_id");